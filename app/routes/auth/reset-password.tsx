import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { translateMessage } from '../../../common/messages';
import { paths } from '../../../common/paths';
import { type PasswordResetForm, passwordResetFormSchema } from '../../../common/schemas/admin';
import { AuthCard } from '../../components/account/auth-card';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { NewPasswordFields } from '../../components/ui/password-field';
import { api } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/form-errors';
import { FORM_VALIDATION } from '../../lib/form-validation';
import { useKeepTyped } from '../../lib/keep-typed';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import type { Route } from './+types/reset-password';
import { loadResetPassword } from './reset-password.server';

export async function loader(args: Route.LoaderArgs) {
  return loadResetPassword(args);
}

// The link's token is in the address: no browser or shared cache keeps the page (F-58).
export function headers() {
  return { 'Cache-Control': 'private, no-store' };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMetaFor(matches, 'users.resetPage.title'),
  // The address holds a secret: never indexed, never sent on as a referrer.
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

const refusal = { invalid: 'api.resetLinkInvalid', expired: 'api.resetLinkExpired', used: 'api.resetLinkUsed' } as const;

/** Sets a new password through a one-time link an administrator made (`POST /api/auth/password-reset`). */
export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { token, status, username, name, invitation } = loaderData;
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();
  const form = useForm<PasswordResetForm>({
    resolver: zodResolver(passwordResetFormSchema),
    ...FORM_VALIDATION,
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const kept = useKeepTyped(form);
  const { isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ password }) => {
    setFailure(undefined);
    try {
      await api.auth.resetPassword({ locale, body: { token, password } });
      setDone(true);
    } catch (error) {
      setFailure(applyServerErrors(form, error, t('users.error')));
    }
  });

  const home = (
    <Link to={paths.home(locale)} className="font-medium text-primary-strong hover:underline">
      {t('users.resetPage.home')}
    </Link>
  );
  if (status !== 'valid')
    return (
      <AuthCard title={t('users.resetPage.unusable')} intro="" footer={home}>
        <Alert tone="error" title={translateMessage(locale, refusal[status])} />
      </AuthCard>
    );
  if (done)
    return (
      <AuthCard title={t('users.resetPage.title')} intro="" footer={home}>
        <div className="space-y-4">
          <Alert tone="success" title={t('users.resetPage.success')}>
            {t('users.resetPage.successHint')}
          </Alert>
          <Button asChild>
            <Link to={paths.login(locale)}>{t('users.resetPage.signIn')}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  return (
    <AuthCard
      title={t(invitation ? 'users.resetPage.inviteTitle' : 'users.resetPage.title')}
      intro={
        invitation
          ? t('users.resetPage.inviteIntro', { name: `\u2068${name}\u2069`, username: `\u2068${username}\u2069` })
          : t('users.resetPage.intro', { name })
      }
      footer={home}
    >
      <form id={kept.id} onSubmit={submit} noValidate className="space-y-4" aria-busy={isSubmitting}>
        {failure ? <Alert tone="error" title={failure} /> : null}
        {/* Lets password managers store the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={username} hidden readOnly />
        <NewPasswordFields form={form} label={t('users.fields.password')} confirmLabel={t('users.fields.confirmPassword')} />
        <Button type="submit" disabled={isSubmitting} className="w-full justify-center">
          {isSubmitting ? <Loader2 aria-hidden className="size-4 animate-spin" /> : null}
          {t('users.resetPage.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
