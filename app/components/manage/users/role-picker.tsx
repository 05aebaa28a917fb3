import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { crossesOwnerLine, type Grantor, mayGrantRoles } from '../../../../common/grants';
import { OWNER_ROLE } from '../../../../common/permissions';
import { defaultRoleDescriptions, type RoleListItem } from '../../../../common/schemas/admin';

/** A role's description; a default role still described as installed reads in the page's language. */
export function roleDescription(role: RoleListItem, t: TFunction) {
  const installed = (defaultRoleDescriptions as Record<string, string | undefined>)[role.id];
  return installed === role.description ? t(`users.defaultRoles.${role.id}`) : role.description;
}

/**
 * A role's name as shown: a default role still named as installed (`owner`, `editor`, `member`)
 * reads in the page's language (issue 30, D16); a name someone chose shows as they wrote it.
 */
export function roleLabel(role: Pick<RoleListItem, 'id' | 'name'>, t: TFunction) {
  return role.id in defaultRoleDescriptions && role.name === role.id ? t(`users.roleNames.${role.id}`) : role.name;
}

/**
 * Role checkboxes. A role granting a permission the signed-in user lacks cannot be ticked or
 * unticked here (the API refuses it anyway, F-07); it says why.
 */
export function RolePicker({
  roles,
  value,
  onChange,
  me,
  legend,
}: {
  roles: RoleListItem[];
  value: string[];
  onChange: (roles: string[]) => void;
  me: Grantor;
  legend: string;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <ul className="grid gap-2 sm:grid-cols-2">
        {roles.map((role) => {
          const beyond = !mayGrantRoles(me, roles, [role.id]);
          const id = `role-${role.id}`;
          return (
            <li key={role.id}>
              <label
                htmlFor={id}
                className={`flex items-start gap-2 rounded-md border border-border p-2 text-sm ${beyond ? 'opacity-60' : 'hover:bg-muted/50'}`}
              >
                <input
                  id={id}
                  type="checkbox"
                  name="roles"
                  value={role.id}
                  checked={value.includes(role.id)}
                  disabled={beyond}
                  onChange={(event) => onChange(event.target.checked ? [...value, role.id] : value.filter((r) => r !== role.id))}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="min-w-0">
                  <span className="font-medium" dir="auto">
                    {roleLabel(role, t)}
                  </span>
                  {role.id === OWNER_ROLE ? null : (
                    <span className="block text-xs text-fg-muted" dir="auto">
                      {roleDescription(role, t)}
                    </span>
                  )}
                  {beyond ? (
                    <span className="block text-xs text-fg-muted">
                      {t(crossesOwnerLine(me, [role.id]) ? 'users.ownersOnlyRole' : 'users.beyondYou')}
                    </span>
                  ) : null}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/** A user's roles as chips, by name; the owner's stands out. */
export function RoleChips({ ids, roles }: { ids: string[]; roles: RoleListItem[] }) {
  const { t } = useTranslation();
  if (!ids.length) return <span className="text-sm text-fg-muted">{t('users.noRoles')}</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {ids.map((id) => (
        <li
          key={id}
          dir="auto"
          className={`rounded-full border px-2 py-0.5 text-xs font-medium ${
            id === OWNER_ROLE
              ? 'border-green-500/40 bg-green-500/10 text-green-800 dark:text-green-300'
              : 'border-border bg-muted text-fg'
          }`}
        >
          {roleLabel(roles.find((r) => r.id === id) ?? { id, name: id }, t)}
        </li>
      ))}
    </ul>
  );
}
