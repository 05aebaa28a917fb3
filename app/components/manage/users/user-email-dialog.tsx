import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type EmailChange, emailChangeSchema } from '../../../../common/schemas/account';
import type { UserListItem } from '../../../../common/schemas/admin';
import { api } from '../../../lib/api-client';
import { useRootData } from '../../../lib/root-data';
import { FormField } from '../../ui/form-field';
import { isolate } from './isolate';
import { UserPartDialog } from './user-part-dialog';

/**
 * An account's e-mail address (`PUT /api/users/{id}/email`, users.edit and the owner line): a new
 * address is used once its owner opens the link mailed to it; empty removes the address.
 */
export function UserEmailDialog({ user }: { user: UserListItem }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  return (
    <UserPartDialog<EmailChange>
      user={user}
      // An empty field removes the address: it is sent as '' (the schema turns it into undefined).
      send={(body) => api.users.setEmail({ params: { id: user.id }, body: { email: body.email ?? '' }, locale })}
      schema={emailChangeSchema}
      values={{ email: user.pendingEmail ?? user.email ?? '' }}
      trigger={
        <>
          <Mail aria-hidden className="size-4" />
          <span className="sr-only">{t('recovery.users.edit')}</span>
        </>
      }
      title={t('recovery.users.dialogTitle', { name: isolate(user.displayName) })}
      description={t('recovery.users.dialogIntro')}
      submitLabel={t('recovery.users.save')}
      success={t('recovery.users.saved')}
    >
      {(form) => (
        <FormField form={form} name="email" label={t('recovery.users.email')} type="email" autoComplete="off" dir="ltr" />
      )}
    </UserPartDialog>
  );
}
