import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { translateMessage } from '../../../common/messages';
import { paths } from '../../../common/paths';
import type { AccountFormValues } from '../../../common/schemas/account';
import { AccountForm } from '../../components/account/account-form';
import { AuthCard } from '../../components/account/auth-card';
import { Captcha } from '../../components/account/captcha';
import { toast } from '../../components/ui/toast';
import { ApiRequestError } from '../../lib/api';
import { api } from '../../lib/api-client';
import { requireAnonymous } from '../../lib/auth.server';
import { pageMetaFor } from '../../lib/meta';
import { useRootData } from '../../lib/root-data';
import { useAfterSignIn } from '../../lib/use-after-sign-in';
import type { Route } from './+types/register';

/** Login and register are for visitors: a signed-in user is sent on (docs/spec.md §2). */
export async function loader(args: Route.LoaderArgs) {
  return requireAnonymous(args);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMetaFor(matches, 'auth.registerTitle');

export default function Register() {
  const { t } = useTranslation();
  const { locale, turnstileSiteKey } = useRootData();
  const [params] = useSearchParams();
  const after = useAfterSignIn();
  const [captcha, setCaptcha] = useState<string>();

  async function register(values: AccountFormValues) {
    if (turnstileSiteKey && !captcha) {
      toast({ title: t('auth.captcha'), color: 'warning' });
      return;
    }
    const { confirmPassword: _confirm, ...fields } = values;
    try {
      await api.auth.register({
        locale,
        body: { ...fields, ...after.deviceFields(), turnstileToken: captcha },
      });
    } catch (error) {
      // A refusal about a field is shown beside that field; the toast only points there, so the
      // same sentence is not read three times.
      if (error instanceof ApiRequestError) {
        const onFields = Boolean(error.failure.data?.issues?.length);
        toast({ title: onFields ? translateMessage(locale, 'api.validationFailed') : error.message, color: 'warning' });
      }
      throw error;
    }
    toast({ title: t('auth.welcome', { name: fields.firstName }), description: t('auth.registered'), color: 'success' });
    await after.done();
  }

  const loginHref = paths.login(locale, params.get('redirectTo'));
  return (
    <AuthCard
      title={t('auth.registerTitle')}
      intro={t('auth.registerIntro')}
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Link to={loginHref} className="font-medium text-primary-strong hover:underline">
            {t('auth.loginLink')}
          </Link>
        </>
      }
    >
      <AccountForm onSubmit={register} submitLabel={t('auth.registerButton')}>
        {turnstileSiteKey ? <Captcha onToken={setCaptcha} /> : null}
      </AccountForm>
    </AuthCard>
  );
}
