import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  APPEARANCE_LIMITS,
  APPEARANCE_PREVIEW_PARAM,
  type Appearance,
  checkAppearance,
  contrastRatio,
  MIN_CONTRAST,
  type ThemeManifest,
} from '../../../../common/appearance';
import { MEDIA_TYPES } from '../../../../common/authoring';
import { isLocale, type Locale, localeDirection, locales } from '../../../../common/locales';
import { paths } from '../../../../common/paths';
import { themeManifests } from '../../../../themes/manifests';
import { ApiRequestError } from '../../../lib/api';
import { api } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { isUploadableImage, uploadMedia } from '../editor/upload';
import { MediaPickerDialog } from '../media/media-picker';
import { SettingsSection, useIssueText } from './shared';

const fieldClass =
  'block w-full rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg focus:border-secondary focus:outline-none aria-[invalid=true]:border-error';

type Mode = 'light' | 'dark';

/** The address of a public page showing `draft` unsaved (app/lib/appearance.server.ts). */
function previewUrl(locale: Locale, draft: Appearance, mode: Mode): string {
  const query = new URLSearchParams({ [APPEARANCE_PREVIEW_PARAM]: JSON.stringify(draft), mode });
  return `${paths.home(locale)}?${query}`;
}

/**
 * Settings → Appearance (docs/themes.md; `api.settings.appearance`): the theme and its options,
 * the accent with its contrast shown as it is chosen (a failing pair cannot be saved: the server
 * checks again), and custom CSS. Beside the form, the public home page in both languages shows the
 * unsaved look; saving changes every public page at once.
 */
export function AppearanceSection() {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const { locale } = useRootData();
  const id = useId();
  const [saved, setSaved] = useState<Appearance>();
  const [draft, setDraft] = useState<Appearance>();
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<Mode>('light');

  useEffect(() => {
    api.settings
      .appearance<Appearance>({ locale })
      .then((value) => {
        setSaved(value);
        setDraft(value);
      })
      .catch((failure: unknown) => setProblems({ form: failure instanceof Error ? failure.message : String(failure) }));
  }, [locale]);

  const manifest = themeManifests.find((theme) => theme.name === draft?.theme) ?? themeManifests[0]!;
  // The same check as the server's, as the owner types: the preview shows only a look that could be saved.
  const checked = useMemo(() => (draft ? checkAppearance(draft, themeManifests) : undefined), [draft]);
  const [shown, setShown] = useState<Appearance>();
  useEffect(() => {
    if (!checked?.ok) return;
    const timer = setTimeout(() => setShown(checked.value), 400);
    return () => clearTimeout(timer);
  }, [checked]);

  if (!draft) return null;
  const change = (next: Partial<Appearance>) => {
    setDraft({ ...draft, ...next });
    setProblems({});
  };
  const chooseTheme = (theme: ThemeManifest) =>
    change({ theme: theme.name, options: {}, accent: draft.accent ? draft.accent : null });
  const liveProblems: Record<string, string> = { ...problems };
  if (checked && !checked.ok)
    for (const found of checked.problems) liveProblems[found.path] ??= issueText(found.message) ?? found.message;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!checked?.ok) return;
    setBusy(true);
    try {
      const next = await api.settings.saveAppearance<Appearance>({ body: checked.value, locale });
      setSaved(next);
      setDraft(next);
      toast({ title: t('settings.appearance.saved'), color: 'success' });
    } catch (failure) {
      const issues = failure instanceof ApiRequestError ? failure.failure.data?.issues : undefined;
      setProblems(
        issues?.length
          ? Object.fromEntries(issues.map((issue) => [issue.path?.join('.') ?? 'form', issue.message]))
          : { form: failure instanceof Error ? failure.message : String(failure) },
      );
    } finally {
      setBusy(false);
    }
  };
  const changed = JSON.stringify(checked?.ok ? checked.value : draft) !== JSON.stringify(saved);

  return (
    <SettingsSection id="appearance" title={t('settings.appearance.title')} hint={t('settings.appearance.hint')}>
      <div className="grid gap-6 xl:grid-cols-[minmax(0,26rem)_1fr]">
        <form onSubmit={save} noValidate className="space-y-6" data-testid="appearance-form">
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('settings.appearance.theme')}</legend>
            <div className="space-y-2">
              {themeManifests.map((theme) => (
                <label
                  key={theme.name}
                  className="flex cursor-pointer gap-3 rounded-lg border border-border p-3 has-[:checked]:border-primary-strong has-[:checked]:bg-muted"
                >
                  <input
                    type="radio"
                    name={`${id}-theme`}
                    value={theme.name}
                    checked={draft.theme === theme.name}
                    onChange={() => chooseTheme(theme)}
                    className="mt-1 accent-[var(--ui-primary-strong)]"
                  />
                  <span>
                    <span className="block font-medium">{theme.label[isLocale(locale) ? locale : 'en']}</span>
                    <span className="block text-sm text-fg-muted">{theme.description[isLocale(locale) ? locale : 'en']}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>

          {manifest.options.map((option) => (
            <div key={option.key}>
              <label htmlFor={`${id}-${option.key}`} className="mb-1 block text-sm font-medium">
                {option.label[locale]}
              </label>
              <select
                id={`${id}-${option.key}`}
                className={fieldClass}
                value={draft.options[option.key] ?? option.default}
                onChange={(event) => change({ options: { ...draft.options, [option.key]: event.target.value } })}
              >
                {option.choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label[locale]}
                  </option>
                ))}
              </select>
            </div>
          ))}

          <fieldset>
            <legend className="mb-2 text-sm font-medium">{t('settings.appearance.accent')}</legend>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={draft.accent === null}
                onChange={(event) => change({ accent: event.target.checked ? null : { ...manifest.accent } })}
              />
              {t('settings.appearance.themeAccent')}
            </label>
            {draft.accent ? (
              <div className="mt-3 space-y-3">
                {(['light', 'dark'] as const).map((which) => (
                  <AccentField
                    key={which}
                    id={`${id}-accent-${which}`}
                    mode={which}
                    value={draft.accent?.[which] ?? ''}
                    against={manifest.contrastWith[which]}
                    problem={liveProblems[`accent.${which}`]}
                    onChange={(value) => change({ accent: { ...(draft.accent ?? manifest.accent), [which]: value } })}
                  />
                ))}
              </div>
            ) : null}
          </fieldset>

          {(['logo', 'favicon'] as const).map((which) => (
            <PictureField
              key={which}
              id={`${id}-${which}`}
              which={which}
              value={draft[which] ?? ''}
              problem={liveProblems[which]}
              onChange={(value) => change({ [which]: value.trim() ? value : null })}
            />
          ))}

          <div>
            <label htmlFor={`${id}-css`} className="mb-1 block text-sm font-medium">
              {t('settings.appearance.css')}
            </label>
            <textarea
              id={`${id}-css`}
              dir="ltr"
              rows={6}
              spellCheck={false}
              className={`${fieldClass} font-mono`}
              value={draft.customCss}
              maxLength={APPEARANCE_LIMITS.customCss + 1}
              aria-invalid={liveProblems.customCss ? true : undefined}
              aria-describedby={`${id}-css-hint${liveProblems.customCss ? ` ${id}-css-error` : ''}`}
              onChange={(event) => change({ customCss: event.target.value })}
            />
            <p id={`${id}-css-hint`} className="mt-1 text-xs text-fg-muted">
              {t('settings.appearance.cssRules', { max: formatNumber(locale, APPEARANCE_LIMITS.customCss) })}
            </p>
            {liveProblems.customCss ? (
              <p id={`${id}-css-error`} role="alert" className="mt-1 text-sm text-error-strong">
                {liveProblems.customCss}
              </p>
            ) : null}
          </div>
          {liveProblems.form || liveProblems.theme ? (
            <p role="alert" className="text-sm text-error-strong">
              {liveProblems.form ?? liveProblems.theme}
            </p>
          ) : null}
          <Button type="submit" disabled={busy || !changed || !checked?.ok}>
            {t('settings.appearance.save')}
          </Button>
        </form>

        <div>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-medium">{t('settings.appearance.preview')}</h3>
            <fieldset className="flex gap-3 text-sm">
              <legend className="sr-only">{t('settings.appearance.previewMode')}</legend>
              {(['light', 'dark'] as const).map((which) => (
                <label key={which} className="flex items-center gap-1">
                  <input type="radio" name={`${id}-mode`} checked={mode === which} onChange={() => setMode(which)} />
                  {t(`settings.appearance.mode.${which}`)}
                </label>
              ))}
            </fieldset>
          </div>
          {shown ? (
            <div className="grid gap-3 lg:grid-cols-2">
              {locales.map((pageLocale) => (
                <iframe
                  key={pageLocale}
                  title={t('settings.appearance.previewOf', { language: t(`overview.languages.${pageLocale}`) })}
                  src={previewUrl(pageLocale, shown, mode)}
                  dir={localeDirection[pageLocale]}
                  className="h-[32rem] w-full rounded-lg border border-border bg-canvas"
                  data-testid={`appearance-preview-${pageLocale}`}
                />
              ))}
            </div>
          ) : null}
          <p className="mt-2 text-xs text-fg-muted">{t('settings.appearance.previewHint')}</p>
        </div>
      </div>
    </SettingsSection>
  );
}

/** One accent colour: a picker and its hex, with its contrast against the theme's colours as it is chosen. */
function AccentField({
  id,
  mode,
  value,
  against,
  problem,
  onChange,
}: {
  id: string;
  mode: Mode;
  value: string;
  against: readonly string[];
  problem?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const valid = /^#[0-9a-f]{6}$/i.test(value);
  const lowest = valid ? Math.min(...against.map((other) => contrastRatio(value, other))) : null;
  return (
    <div>
      <label htmlFor={`${id}-hex`} className="mb-1 block text-sm">
        {t(`settings.appearance.accentIn.${mode}`)}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={t(`settings.appearance.accentPicker.${mode}`)}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value)}
          className="h-9 w-12 shrink-0 cursor-pointer rounded border border-border bg-surface"
        />
        <input
          id={`${id}-hex`}
          dir="ltr"
          className={`${fieldClass} font-mono`}
          value={value}
          maxLength={7}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-ratio${problem ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.value.trim())}
        />
      </div>
      <p id={`${id}-ratio`} className="mt-1 text-xs text-fg-muted">
        {lowest === null
          ? null
          : t(lowest >= MIN_CONTRAST ? 'settings.appearance.contrastOk' : 'settings.appearance.contrastLow', {
              ratio: formatNumber(locale, Math.floor(lowest * 10) / 10, { minimumFractionDigits: 1 }),
              min: formatNumber(locale, MIN_CONTRAST, { minimumFractionDigits: 1 }),
            })}
      </p>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error-strong">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The logo or the favicon: an upload through the media library's own checks (`POST /api/media`:
 * type, size, dimensions) or a picture picked from it. Only pictures on this site are accepted.
 */
function PictureField({
  id,
  which,
  value,
  problem,
  onChange,
}: {
  id: string;
  which: 'logo' | 'favicon';
  value: string;
  problem?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number>();
  const [picking, setPicking] = useState(false);
  const upload = async (file: File) => {
    if (!isUploadableImage(file)) {
      toast({ title: t('settings.images.uploadFailed'), description: t('settings.images.notImage'), color: 'error' });
      return;
    }
    setProgress(0);
    try {
      onChange((await uploadMedia(file, locale, setProgress)).url);
      toast({ title: t('settings.images.uploaded'), color: 'success' });
    } catch (error) {
      const reason = error instanceof ApiRequestError ? error.failure.message : undefined;
      toast({ title: t('settings.images.uploadFailed'), description: reason, color: 'error' });
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <div data-testid={`appearance-${which}`}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t(`settings.appearance.${which}`)}
      </label>
      <div className="flex items-center gap-2">
        {value ? <img src={value} alt="" className="size-9 shrink-0 rounded border border-border object-contain" /> : null}
        <input
          id={id}
          dir="ltr"
          className={`${fieldClass} font-mono`}
          value={value}
          placeholder="/media/…"
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-fg-muted">
        {t(`settings.appearance.${which}Hint`)}
      </p>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-error-strong">
          {problem}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={MEDIA_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={progress !== undefined}
          onClick={() => fileInput.current?.click()}
        >
          {progress === undefined
            ? t('settings.images.upload')
            : t('settings.images.uploading', { percent: formatNumber(locale, progress, { style: 'percent' }) })}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
          {t('media.pick')}
        </Button>
        {value ? (
          <Button type="button" variant="outline" size="sm" onClick={() => onChange('')}>
            {t('settings.appearance.remove')}
          </Button>
        ) : null}
        <MediaPickerDialog open={picking} onOpenChange={setPicking} onPick={(item) => onChange(item.url)} />
      </div>
    </div>
  );
}
