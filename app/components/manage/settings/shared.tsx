import type { ReactNode } from 'react';
import type { Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isLocale, type Locale, localeDirection, locales } from '../../../../common/locales';
import { localiseValues, parseMessageRef } from '../../../../common/messages';
import type { SiteSettings } from '../../../../common/site-settings';
import { ApiRequestError } from '../../../lib/api';
import { FormField } from '../../ui/form-field';

export type SettingsForm = UseFormReturn<SiteSettings>;
/** A form path built at run time (`mainMenu.2.label.fa`), typed for react-hook-form. */
export const fieldPath = (...parts: (string | number)[]) => parts.join('.') as Path<SiteSettings>;

/** One titled part of the settings form. */
export function SettingsSection({
  id,
  title,
  hint,
  children,
}: {
  id: string;
  title: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-border p-4 sm:p-6">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {hint ? <p className="mt-1 text-sm text-fg-muted">{hint}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A text in both languages side by side, each input in its own language and direction (Persian
 * right to left, English left to right) whatever the dashboard's language.
 */
export function BilingualField({
  form,
  name,
  label,
  multiline,
}: {
  form: SettingsForm;
  name: string;
  label: string;
  multiline?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {locales.map((locale: Locale) => (
        <FormField
          key={locale}
          form={form}
          name={fieldPath(name, locale)}
          label={t('settings.fields.inLanguage', { field: label, language: t(`overview.languages.${locale}`) })}
          dir={localeDirection[locale]}
          lang={locale}
          multiline={multiline}
        />
      ))}
    </div>
  );
}

/** A schema message key (`validation.tooLong?max=40`) in the screen's language. */
export function useIssueText() {
  const { t, i18n } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return undefined;
    const ref = parseMessageRef(message);
    if (!i18n.exists(ref.key)) return message;
    return t(ref.key, isLocale(i18n.language) ? localiseValues(i18n.language, ref.values) : ref.values);
  };
}

/**
 * Puts the server's field errors (`data.issues`, paths like `mainMenu.1.to`) on their fields and
 * says whether any was placed; the messages are already in the screen's language.
 */
export function applyServerIssues(form: SettingsForm, error: unknown): boolean {
  if (!(error instanceof ApiRequestError) || error.failure.statusCode !== 400) return false;
  let placed = false;
  for (const issue of error.failure.data?.issues ?? []) {
    if (!issue.path.length) continue;
    form.setError(fieldPath(...issue.path), { message: issue.message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}
