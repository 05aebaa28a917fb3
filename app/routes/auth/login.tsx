import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../common/paths';
import { type LoginRequest, loginSchema } from '../../../common/schemas/account';
import { AuthCard } from '../../components/account/auth-card';
import { Captcha } from '../../components/account/captcha';
import { PasskeySignIn } from '../../components/two-factor/passkey-sign-in';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { PasswordField } from '../../components/ui/password-field';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { requireAnonymous } from '../../lib/auth.server';
import { FORM_VALIDATION } from '../../lib/form-validation';
import { useKeepTyped } from '../../lib/keep-typed';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import { useAfterSignIn } from '../../lib/use-after-sign-in';
import type { Route } from './+types/login';

/** Login and register are for visitors: a signed-in user is sent on (docs/spec.md §2). */
export async function loader(args: Route.LoaderArgs) {
  return requireAnonymous(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'auth.loginTitle');

export default function Login() {
  const { t } = useTranslation();
  const { locale, turnstileSiteKey, mail } = useRootData();
  const [params] = useSearchParams();
  const after = useAfterSignIn();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const [captcha, setCaptcha] = useState<string>();
  const form = useForm<LoginRequest>({
    resolver: zodResolver(loginSchema),
    ...FORM_VALIDATION,
    defaultValues: { userName: '', password: '' },
  });
  const kept = useKeepTyped(form);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    if (turnstileSiteKey && !captcha) return setFailure(t('auth.captcha'));
    setFailure(undefined);
    try {
      const answer = await api.auth.login<{ twoFactor?: { setupRequired: boolean } }>({
        locale,
        body: { ...values, ...after.deviceFields(), turnstileToken: captcha },
      });
      // Two factors: no session yet; the second step finishes signing in (docs/security.md).
      if (answer.twoFactor) return navigate(paths.loginSecondStep(locale, params.get('redirectTo')));
      await after.done();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : String(error));
    }
  });

  const registerHref = paths.register(locale, params.get('redirectTo'));
  return (
    <AuthCard
      title={t('auth.loginTitle')}
      intro={t('auth.loginIntro')}
      footer={
        <>
          {t('auth.noAccount')}{' '}
          <Link to={registerHref} className="font-medium text-primary-strong hover:underline">
            {t('auth.registerLink')}
          </Link>
        </>
      }
    >
      <form id={kept.id} onSubmit={submit} noValidate className="space-y-4" aria-busy={isSubmitting}>
        {failure ? <Alert tone="error" title={failure} /> : null}
        <FormField form={form} name="userName" label={t('account.userName')} autoComplete="username" dir="ltr" />
        <PasswordField form={form} name="password" label={t('account.password')} purpose="current" />
        {mail ? (
          <Link to={paths.forgotPassword(locale)} className="block text-sm font-medium text-primary-strong hover:underline">
            {t('recovery.forgotLink')}
          </Link>
        ) : null}
        <Captcha onToken={setCaptcha} />
        <Button type="submit" disabled={isSubmitting} className="w-full justify-center">
          {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t('auth.loginButton')}
        </Button>
      </form>
      <PasskeySignIn deviceFields={after.deviceFields} onSignedIn={after.done} />
    </AuthCard>
  );
}
