import { Trans, useTranslation } from 'react-i18next';
import type { ApiReferenceRoute } from '../../../../common/api-reference';
import { Badge } from '../../ui/badge';

const methodTone = { GET: 'info', POST: 'success', PUT: 'warning', PATCH: 'warning', DELETE: 'error' } as const;

/** Who may call: everyone, the installer, anyone signed in, owners, or a permission by its names. */
function AccessLabel({ access }: { access: string }) {
  const { t } = useTranslation();
  if (access === 'public' || access === 'setup' || access === 'half-signed' || access === 'user' || access === 'owner')
    return <Badge tone={access === 'public' ? 'success' : 'neutral'}>{t(`apiReference.access.${access}`)}</Badge>;
  const [area, action] = access.split('.');
  return (
    <Badge tone="warning">
      {/* The gap sits on the label's end: the code's own `ms-` would follow its left-to-right direction. */}
      <span className="me-1">
        {t(`users.permissions.areas.${area}`, { defaultValue: area })} ·{' '}
        {t(`users.permissions.actions.${action}`, { defaultValue: action })}
      </span>
      <code dir="ltr" className="font-mono">
        {access}
      </code>
    </Badge>
  );
}

/** One call of the API: method and path, what it does, who may call it, its fields and answers. */
export function ApiRouteCard({ route }: { route: ApiReferenceRoute }) {
  const { t } = useTranslation();
  const headingId = `route-${route.id}`;
  return (
    <li>
      <article aria-labelledby={headingId} className="space-y-3 rounded-lg border border-border p-4">
        <h3 id={headingId} className="flex flex-wrap items-center gap-2">
          <span dir="ltr" className="flex min-w-0 flex-wrap items-center gap-2">
            <Badge tone={methodTone[route.method as keyof typeof methodTone] ?? 'neutral'}>
              <span className="font-mono">{route.method}</span>
            </Badge>
            <code className="break-all font-mono text-sm font-semibold">{route.path}</code>
          </span>
        </h3>
        <p>{route.summary}</p>
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-fg-muted">{t('apiReference.who')}</span>
          <AccessLabel access={route.access} />
        </p>
        {route.fields.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">{t('apiReference.fieldsOf', { path: `${route.method} ${route.path}` })}</caption>
              <thead>
                <tr className="border-b border-border text-start text-fg-muted">
                  <th scope="col" className="py-1 pe-3 text-start font-medium">
                    {t('apiReference.field.name')}
                  </th>
                  <th scope="col" className="py-1 pe-3 text-start font-medium">
                    {t('apiReference.field.in')}
                  </th>
                  <th scope="col" className="py-1 text-start font-medium">
                    {t('apiReference.field.type')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {route.fields.map((field) => (
                  <tr key={`${field.in}-${field.name}`} className="border-b border-border/60 align-top last:border-0">
                    <th scope="row" className="py-1 pe-3 text-start font-normal">
                      <code dir="ltr" className="font-mono">
                        {field.name}
                      </code>
                      {/* Three columns fit a phone; whether a field is required rides on its name. */}
                      {field.required ? (
                        <span className="ms-2 text-xs font-medium text-fg-muted">{t('apiReference.required')}</span>
                      ) : null}
                      {field.description ? <p className="text-xs text-fg-muted">{field.description}</p> : null}
                    </th>
                    <td className="py-1 pe-3">{t(`apiReference.in.${field.in}`)}</td>
                    <td className="py-1">
                      <code dir="ltr" className="break-words font-mono">
                        {field.type}
                        {field.rules.length ? (
                          <span className="whitespace-nowrap text-fg-muted"> ({field.rules.join(', ')})</span>
                        ) : null}
                      </code>
                      {field.default !== undefined ? (
                        <span className="block text-xs text-fg-muted">
                          <Trans
                            i18nKey="apiReference.default"
                            values={{ value: field.default }}
                            components={{ code: <code dir="ltr" className="font-mono" /> }}
                          />
                        </span>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="text-fg-muted">{t('apiReference.answers')}</span>
          <span dir="ltr" className="inline-flex flex-wrap gap-1">
            <Badge tone="success">
              <span className="font-mono">{route.success.status}</span>
              {route.success.media && route.success.media !== 'application/json' ? (
                <span className="ms-1 font-mono">{route.success.media}</span>
              ) : null}
            </Badge>
            {route.errors.map((status) => (
              <Badge key={status}>
                <span className="font-mono">{status}</span>
              </Badge>
            ))}
          </span>
        </p>
      </article>
    </li>
  );
}
