import { Loader2, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PageFrontMatter } from '../../../../common/authoring';
import { isLocale, type Locale, localeDirection } from '../../../../common/locales';
import { blockDirection } from '../../../../common/text-direction';
import { useCategoryName } from '../../content/category-link';
import { Field } from '../../ui/field';
import { JalaliDatePicker } from '../../ui/jalali-date-picker';
import { TagsField } from './tags-field';

const FLAGS = ['toc', 'intro', 'comments', 'newsletter', 'draft', 'noindex'] as const;

type Props = {
  value: PageFrontMatter;
  onChange: (next: PageFrontMatter) => void;
  /** Field → message, in the page's language (from the server's 400). */
  errors: Record<string, string>;
  cats: string[];
  locale: Locale;
  message: string;
  onMessageChange: (message: string) => void;
  onThumbnailFile: (file: File) => void;
  thumbnailUploading: boolean;
};

/** A stored date for the date field: the first 10 characters of an ISO date or timestamp. */
const dateInputValue = (date: unknown) => (typeof date === 'string' && /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : '');

/**
 * Every front-matter field the indexer knows (server/content/front-matter.ts). The date is stored
 * as ISO `YYYY-MM-DD`; in Persian it is picked in the Jalali calendar (JalaliDatePicker), in
 * English with the browser's date input.
 */
export function FrontMatterPanel({
  value,
  onChange,
  errors,
  cats,
  locale,
  message,
  onMessageChange,
  onThumbnailFile,
  thumbnailUploading,
}: Props) {
  const { t } = useTranslation();
  const catName = useCategoryName();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const set = (field: string, next: unknown) => onChange({ ...value, [field]: next });
  const text = (field: string) => (typeof value[field] === 'string' ? (value[field] as string) : '');
  const date = dateInputValue(value.date);
  const cat = text('cat');
  // The page's own language (the editor's address is /{ui}/manage/editor/{locale}/{path}): its tags are suggested.
  const edited = useParams()['*']?.split('/')[0];
  const pageLocale = isLocale(edited) ? edited : locale;
  // The page's words in the direction the published page gives them (common/text-direction.ts): an
  // empty field, or «React در ۱۰ دقیقه», reads in the page's direction (D1, D22).
  const pageDir = (value: string) => blockDirection(value, localeDirection[pageLocale]);

  return (
    <fieldset className="space-y-4 rounded-lg border border-border p-4" data-testid="front-matter">
      <legend className="px-1 text-sm font-semibold">{t('editor.fields.legend')}</legend>
      <Field
        label={t('editor.fields.title')}
        name="title"
        dir={pageDir(text('title'))}
        value={text('title')}
        onChange={(event) => set('title', event.target.value)}
        error={errors.title}
        required
      />
      <Field
        label={t('editor.fields.description')}
        name="description"
        dir={pageDir(text('description'))}
        multiline
        value={text('description')}
        onChange={(event) => set('description', event.target.value)}
        error={errors.description}
      />
      <Field
        label={t('editor.fields.metaTitle')}
        name="metaTitle"
        dir={pageDir(text('metaTitle'))}
        maxLength={200}
        value={text('metaTitle')}
        onChange={(event) => set('metaTitle', event.target.value || undefined)}
        error={errors.metaTitle}
        hint={t('editor.fields.metaTitleHint')}
      />
      <div>
        <div className="flex items-start gap-2">
          <Field
            className="min-w-0 flex-1"
            label={t('editor.fields.thumbnail')}
            name="thumbnail"
            dir="ltr"
            value={text('thumbnail')}
            onChange={(event) => set('thumbnail', event.target.value)}
            error={errors.thumbnail}
            hint={t('editor.fields.thumbnailHint')}
          />
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={thumbnailUploading}
            className="mt-6 inline-flex h-10 shrink-0 items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm hover:bg-muted disabled:opacity-50"
          >
            {thumbnailUploading ? (
              <Loader2 aria-hidden className="size-4 animate-spin" />
            ) : (
              <Upload aria-hidden className="size-4" />
            )}
            {t('editor.fields.upload')}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
            hidden
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onThumbnailFile(file);
            }}
          />
        </div>
        {text('thumbnail') && !errors.thumbnail ? (
          <img src={text('thumbnail')} alt="" className="mt-1 h-24 w-full rounded-md bg-muted object-cover" />
        ) : null}
      </div>
      {text('thumbnail') || text('thumbnailAlt') ? (
        <Field
          label={t('editor.fields.thumbnailAlt')}
          name="thumbnailAlt"
          dir={pageDir(text('thumbnailAlt'))}
          maxLength={300}
          value={text('thumbnailAlt')}
          onChange={(event) => set('thumbnailAlt', event.target.value || undefined)}
          error={errors.thumbnailAlt}
          hint={t('editor.fields.thumbnailAltHint')}
        />
      ) : null}
      {locale === 'fa' ? (
        <div>
          <label id={`${id}-date-label`} htmlFor={`${id}-date`} className="mb-1 block text-sm font-medium">
            {t('editor.fields.date')}
          </label>
          <JalaliDatePicker
            id={`${id}-date`}
            value={date}
            onChange={(next) => set('date', next)}
            aria-labelledby={`${id}-date-label`}
            aria-describedby={[errors.date ? `${id}-date-error` : '', `${id}-date-hint`].filter(Boolean).join(' ')}
            aria-invalid={errors.date ? true : undefined}
          />
          <p id={`${id}-date-hint`} className="mt-1 text-xs text-fg-muted">
            {t('editor.fields.dateHint')}
          </p>
          {errors.date ? (
            <p id={`${id}-date-error`} className="mt-1 text-sm text-error-strong">
              {errors.date}
            </p>
          ) : null}
        </div>
      ) : (
        <Field
          label={t('editor.fields.date')}
          name="date"
          type="date"
          dir="ltr"
          value={date}
          onChange={(event) => set('date', event.target.value || undefined)}
          error={errors.date}
          hint={t('editor.fields.dateHint')}
        />
      )}
      <Field
        label={t('editor.fields.author')}
        name="author"
        dir="auto"
        value={text('author')}
        onChange={(event) => set('author', event.target.value)}
        error={errors.author}
      />
      <div>
        <label htmlFor={`${id}-cat`} className="mb-1 block text-sm font-medium">
          {t('editor.fields.category')}
        </label>
        <select
          id={`${id}-cat`}
          name="cat"
          value={cat}
          onChange={(event) => set('cat', event.target.value || undefined)}
          aria-invalid={errors.cat ? true : undefined}
          aria-describedby={errors.cat ? `${id}-cat-error` : undefined}
          className="block w-full rounded-md border border-border bg-surface px-3 py-2 text-fg focus:border-secondary focus:outline-none aria-[invalid=true]:border-error"
        >
          <option value="">{t('editor.fields.noCategory')}</option>
          {cats.map((name) => (
            <option key={name} value={name}>
              {catName(name)}
            </option>
          ))}
          {cat && !cats.includes(cat) ? <option value={cat}>{t('editor.fields.unknownCategory', { cat })}</option> : null}
        </select>
        {errors.cat ? (
          <p id={`${id}-cat-error`} className="mt-1 text-sm text-error-strong">
            {errors.cat}
          </p>
        ) : null}
      </div>
      <TagsField
        value={Array.isArray(value.tags) ? value.tags.map(String) : typeof value.tags === 'string' ? [value.tags] : []}
        onChange={(next) => set('tags', next.length ? next : undefined)}
        locale={pageLocale}
        error={errors.tags ?? Object.entries(errors).find(([field]) => field.startsWith('tags.'))?.[1]}
      />
      <div>
        <label htmlFor={`${id}-color-mode`} className="mb-1 block text-sm font-medium">
          {t('editor.fields.colorMode')}
        </label>
        {/* Front matter `colorMode` (common/color-mode.ts): empty leaves the mode to the reader. */}
        <select
          id={`${id}-color-mode`}
          name="colorMode"
          value={text('colorMode')}
          onChange={(event) => set('colorMode', event.target.value || undefined)}
          aria-invalid={errors.colorMode ? true : undefined}
          aria-describedby={`${id}-color-mode-hint${errors.colorMode ? ` ${id}-color-mode-error` : ''}`}
          className="block w-full rounded-md border border-border bg-surface px-3 py-2 text-fg focus:border-secondary focus:outline-none aria-[invalid=true]:border-error"
        >
          <option value="">{t('editor.fields.colorModeReader')}</option>
          <option value="light">{t('editor.fields.colorModeLight')}</option>
          <option value="dark">{t('editor.fields.colorModeDark')}</option>
        </select>
        <p id={`${id}-color-mode-hint`} className="mt-1 text-xs text-fg-muted">
          {t('editor.fields.colorModeHint')}
        </p>
        {errors.colorMode ? (
          <p id={`${id}-color-mode-error`} className="mt-1 text-sm text-error-strong">
            {errors.colorMode}
          </p>
        ) : null}
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {FLAGS.map((flag) => (
          <label key={flag} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={flag}
              checked={value[flag] === true}
              onChange={(event) => set(flag, event.target.checked)}
              className="size-4 accent-primary"
            />
            {t(`editor.fields.${flag}`)}
            {errors[flag] ? <span className="text-error-strong">{errors[flag]}</span> : null}
          </label>
        ))}
        {/* Front matter `visibility: members` (docs/content.md "Members-only pages"); public is the default and is left out. */}
        <label className="flex items-start gap-2 text-sm sm:col-span-2">
          <input
            type="checkbox"
            name="visibility"
            checked={value.visibility === 'members'}
            onChange={(event) => set('visibility', event.target.checked ? 'members' : undefined)}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          {t('editor.fields.membersOnly')}
          {errors.visibility ? <span className="text-error-strong">{errors.visibility}</span> : null}
        </label>
      </div>
      <Field
        label={t('editor.fields.message')}
        name="message"
        dir={blockDirection(message, localeDirection[locale])}
        value={message}
        maxLength={500}
        onChange={(event) => onMessageChange(event.target.value)}
        hint={t('editor.fields.messageHint')}
      />
    </fieldset>
  );
}
