import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../common/paths';
import { type ForgotPasswordRequest, forgotPasswordSchema } from '../../../common/schemas/account';
import { AuthCard } from '../../components/account/auth-card';
import { Captcha } from '../../components/account/captcha';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { requireAnonymous } from '../../lib/auth.server';
import { FORM_VALIDATION } from '../../lib/form-validation';
import { useKeepTyped } from '../../lib/keep-typed';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/forgot-password';

/** For visitors, like login: a signed-in user is sent on. */
export async function loader(args: Route.LoaderArgs) {
  return requireAnonymous(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'recovery.forgot.title');

/**
 * /{locale}/forgot-password (issue 27): asks for a reset link by mail. The answer is the same
 * whatever was typed (server/services/forgot-password.ts), so the page says the same too. Without
 * a mail transport it says to ask the site's owner instead.
 */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const { locale, mail, turnstileSiteKey } = useRootData();
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [captcha, setCaptcha] = useState<string>();
  const form = useForm<ForgotPasswordRequest>({
    resolver: zodResolver(forgotPasswordSchema),
    ...FORM_VALIDATION,
    defaultValues: { userNameOrEmail: '' },
  });
  const kept = useKeepTyped(form);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ userNameOrEmail }) => {
    if (turnstileSiteKey && !captcha) return setFailure(t('auth.captcha'));
    setFailure(undefined);
    try {
      await api.auth.forgotPassword({
        locale,
        body: { userNameOrEmail, locale, turnstileToken: captcha },
      });
      setSent(true);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : String(error));
    }
  });

  const back = (
    <Link to={paths.login(locale)} className="font-medium text-primary-strong hover:underline">
      {t('recovery.forgot.back')}
    </Link>
  );
  if (!mail)
    return (
      <AuthCard title={t('recovery.forgot.title')} intro="" footer={back}>
        <Alert tone="info" title={t('recovery.forgot.offTitle')}>
          {t('recovery.forgot.off')}
        </Alert>
      </AuthCard>
    );
  if (sent)
    return (
      <AuthCard title={t('recovery.forgot.title')} intro="" footer={back}>
        <Alert tone="success" title={t('recovery.forgot.sentTitle')}>
          {t('recovery.forgot.sent')}
        </Alert>
      </AuthCard>
    );
  return (
    <AuthCard title={t('recovery.forgot.title')} intro={t('recovery.forgot.intro')} footer={back}>
      <form id={kept.id} onSubmit={submit} noValidate className="space-y-4" aria-busy={isSubmitting}>
        {failure ? <Alert tone="error" title={failure} /> : null}
        <FormField
          form={form}
          name="userNameOrEmail"
          label={t('recovery.forgot.field')}
          autoComplete="username"
          dir="ltr"
          required
        />
        <Captcha onToken={setCaptcha} />
        <Button type="submit" disabled={isSubmitting} className="w-full justify-center">
          {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t('recovery.forgot.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
