import { Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Locale, localeDirection, locales } from '../../../../common/locales';
import { categoryLabels, categorySlug, SETTINGS_LIMITS } from '../../../../common/schemas/settings';
import { formatNumber } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { ReorderButtons, refocusMoved } from './reorder-buttons';
import { BilingualField, fieldPath, type SettingsForm, useIssueText } from './shared';

type NewCategory = { slug: string; fa: string; en: string };
const emptyCategory: NewCategory = { slug: '', fa: '', en: '' };

/**
 * The categories: slug (fixed once added, since pages name it), a name in each language, and how
 * many indexed pages use it. A category in use cannot be removed here, and the API refuses it too.
 */
export function CategoriesEditor({
  form,
  usage,
  disabled,
}: {
  form: SettingsForm;
  usage: Record<string, number>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const cats = useWatch({ control: form.control, name: 'cats' });
  const list = useRef<HTMLOListElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const number = (value: number) => formatNumber(locale, value);
  const idPrefix = useId();

  function setCats(next: string[]) {
    form.setValue('cats', next, { shouldDirty: true });
  }
  function removeCat(slug: string) {
    const { [slug]: _, ...labels } = form.getValues('catLabels');
    setCats(cats.filter((cat) => cat !== slug));
    form.setValue('catLabels', labels, { shouldDirty: true });
  }

  return (
    <div>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {cats.length ? (
        <ol ref={list} className="space-y-3">
          {cats.map((slug, index) => {
            const used = usage[slug] ?? 0;
            const name = form.getValues(fieldPath('catLabels', slug, locale)) || slug;
            const usageId = `${idPrefix}-usage-${index}`;
            return (
              <li
                key={slug}
                data-row={slug}
                className="rounded-lg border border-border bg-muted/40 p-3 sm:p-4"
                data-testid="category-row"
              >
                <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <code dir="ltr" className="rounded bg-muted px-1.5 py-0.5 text-sm font-semibold">
                      {slug}
                    </code>
                    <p id={usageId} className="mt-1 text-xs text-fg-muted">
                      {used ? t('settings.cats.usage', { pages: number(used) }) : t('settings.cats.unused')}
                      {used && !disabled ? ` · ${t('settings.cats.inUse')}` : ''}
                    </p>
                  </div>
                  {disabled ? null : (
                    <ReorderButtons
                      index={index}
                      count={cats.length}
                      labels={{
                        up: t('settings.cats.moveUp', { name }),
                        down: t('settings.cats.moveDown', { name }),
                        remove: t('settings.cats.remove', { name }),
                      }}
                      removeDisabled={used > 0}
                      removeDescribedBy={usageId}
                      onMove={(from, to, action) => {
                        const next = [...cats];
                        next.splice(to, 0, ...next.splice(from, 1));
                        setCats(next);
                        setAnnouncement(t('settings.cats.moved', { position: number(to + 1), count: number(cats.length) }));
                        refocusMoved(list.current, slug, action);
                      }}
                      onRemove={() => removeCat(slug)}
                    />
                  )}
                </div>
                <BilingualField form={form} name={fieldPath('catLabels', slug)} label={t('settings.cats.label')} />
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="rounded-lg border border-dashed border-border p-4 text-sm text-fg-muted">{t('settings.cats.empty')}</p>
      )}
      {disabled ? null : <AddCategory form={form} cats={cats} onAdded={(slug) => setAnnouncement(slug)} />}
    </div>
  );
}

/** A new category: checked with the form's own schema parts before it joins the list. */
function AddCategory({ form, cats, onAdded }: { form: SettingsForm; cats: string[]; onAdded: (slug: string) => void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const issueText = useIssueText();
  const [draft, setDraft] = useState<NewCategory>(emptyCategory);
  const [errors, setErrors] = useState<Partial<Record<keyof NewCategory, string>>>({});
  const slugInput = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const full = cats.length >= SETTINGS_LIMITS.cats;

  function add() {
    const slug = categorySlug.safeParse(draft.slug);
    const labels = categoryLabels.safeParse({ fa: draft.fa, en: draft.en });
    const next: typeof errors = {};
    if (!slug.success) next.slug = issueText(slug.error.issues[0]?.message);
    else if (cats.some((cat) => cat.toLowerCase() === slug.data.toLowerCase())) next.slug = t('settings.cats.exists');
    if (!labels.success) for (const issue of labels.error.issues) next[issue.path[0] as Locale] ??= issueText(issue.message);
    setErrors(next);
    if (Object.keys(next).length || !slug.success || !labels.success) return;
    form.setValue('catLabels', { ...form.getValues('catLabels'), [slug.data]: labels.data }, { shouldDirty: true });
    form.setValue('cats', [...cats, slug.data], { shouldDirty: true });
    setDraft(emptyCategory);
    onAdded(t('settings.cats.added', { name: slug.data }));
    slugInput.current?.focus();
  }

  // Enter adds the category instead of submitting the whole settings form.
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset className="mt-4 rounded-lg border border-dashed border-border p-3 sm:p-4" disabled={full}>
      <legend className="px-1 text-sm font-medium">{t('settings.cats.addTitle')}</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          ref={slugInput}
          label={t('settings.cats.slug')}
          hint={t('settings.cats.slugHint')}
          dir="ltr"
          value={draft.slug}
          error={errors.slug}
          onChange={(event) => setDraft({ ...draft, slug: event.target.value })}
          onKeyDown={onKeyDown}
        />
        {locales.map((value) => (
          <Field
            key={value}
            label={t('settings.fields.inLanguage', {
              field: t('settings.cats.label'),
              language: t(`overview.languages.${value}`),
            })}
            dir={localeDirection[value]}
            lang={value}
            value={draft[value]}
            error={errors[value]}
            onChange={(event) => setDraft({ ...draft, [value]: event.target.value })}
            onKeyDown={onKeyDown}
          />
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" size="sm" onClick={add}>
          <Plus aria-hidden className="size-4" />
          {t('settings.cats.add')}
        </Button>
        {full ? (
          <p className="text-sm text-fg-muted">{t('settings.cats.full', { max: formatNumber(locale, SETTINGS_LIMITS.cats) })}</p>
        ) : null}
      </div>
    </fieldset>
  );
}
