import { useTranslation } from 'react-i18next';
import { type Grantor, missingPermissions } from '../../../../common/grants';
import { permissionCatalogue } from '../../../../common/permissions';

/**
 * The permission catalogue as checkboxes, one group per area, each area named and explained in a
 * line in the page's language (D8; the permission's key, `builds.create`, is each box's tooltip).
 * A permission the signed-in user does not hold cannot be ticked (no self-escalation, F-07);
 * `readOnly` shows a role as it is. `only`: the permissions offered (an API key's scopes); areas
 * with none of them are left out.
 */
export function PermissionGrid({
  value,
  onChange,
  me,
  readOnly = false,
  legend,
  only,
}: {
  value: string[];
  onChange?: (permissions: string[]) => void;
  me: Grantor;
  readOnly?: boolean;
  legend: string;
  only?: readonly string[];
}) {
  const { t } = useTranslation();
  const areas = Object.entries(permissionCatalogue)
    .map(
      ([area, actions]) =>
        [area, (actions as readonly string[]).filter((action) => !only || only.includes(`${area}.${action}`))] as const,
    )
    .filter(([, actions]) => actions.length > 0);
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {areas.map(([area, actions]) => (
          <fieldset key={area} className="rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-semibold">{t(`users.permissions.areas.${area}`)}</legend>
            <p className="mb-2 text-xs text-fg-muted" data-testid="permission-area-about">
              {t(`users.permissions.about.${area}`)}
            </p>
            <ul className="flex flex-wrap gap-x-4 gap-y-2">
              {actions.map((action) => {
                const permission = `${area}.${action}`;
                const beyond = missingPermissions(me, [permission]).length > 0;
                return (
                  <li key={permission}>
                    <label
                      className={`flex items-center gap-2 text-sm ${beyond && !readOnly ? 'opacity-60' : ''}`}
                      title={beyond && !readOnly ? t('users.beyondYou') : permission}
                    >
                      <input
                        type="checkbox"
                        name="permissions"
                        value={permission}
                        checked={value.includes(permission)}
                        disabled={readOnly || beyond}
                        onChange={(event) =>
                          onChange?.(event.target.checked ? [...value, permission] : value.filter((p) => p !== permission))
                        }
                        className="size-4 accent-primary"
                      />
                      {t(`users.permissions.actions.${action}`)}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        ))}
      </div>
    </fieldset>
  );
}
