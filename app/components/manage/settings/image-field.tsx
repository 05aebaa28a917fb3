import { ImageOff, Images, Loader2, Upload } from 'lucide-react';
import { useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { MEDIA_TYPES } from '../../../../common/authoring';
import { isHttpUrl, isSameSitePath } from '../../../../common/site-path';
import { ApiRequestError } from '../../../lib/api';
import { formatNumber } from '../../../lib/format';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { toast } from '../../ui/toast';
import { isUploadableImage, uploadMedia } from '../editor/upload';
import { MediaPickerDialog } from '../media/media-picker';
import type { SettingsForm } from './shared';

/**
 * A default picture: its address (a site path or an https address, typed or filled in by an
 * upload through `POST /api/media`, as the editor uploads) and a preview of what visitors get.
 */
export function ImageField({
  form,
  name,
  label,
  shape,
  canUpload,
  disabled,
}: {
  form: SettingsForm;
  name: 'defaultBanner' | 'defaultAvatar';
  label: string;
  shape: 'banner' | 'avatar';
  canUpload: boolean;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const value = useWatch({ control: form.control, name }).trim();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | undefined>();
  const [picking, setPicking] = useState(false);
  // The address whose picture failed to load: a new address gets a new try.
  const [brokenSrc, setBrokenSrc] = useState<string>();
  const previewable = (isSameSitePath(value) || isHttpUrl(value)) && brokenSrc !== value;

  async function upload(file: File) {
    if (!isUploadableImage(file)) {
      toast({ title: t('settings.images.uploadFailed'), description: t('settings.images.notImage'), color: 'error' });
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadMedia(file, locale, setProgress);
      form.setValue(name, uploaded.url, { shouldDirty: true, shouldValidate: true });
      toast({ title: t('settings.images.uploaded'), description: t('settings.images.pending'), color: 'success' });
    } catch (error) {
      const reason = error instanceof ApiRequestError ? error.failure.message : undefined;
      toast({ title: t('settings.images.uploadFailed'), description: reason, color: 'error' });
    } finally {
      setProgress(undefined);
    }
  }

  const frame = shape === 'banner' ? 'aspect-[3/1] w-full rounded-lg' : 'size-20 rounded-full';
  return (
    <div className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start" data-testid={`image-${name}`}>
      <div className="min-w-0">
        <p className="mb-2 font-medium">{label}</p>
        <FormField
          form={form}
          name={name}
          label={t('settings.images.address')}
          dir="ltr"
          hint={t('settings.images.addressHint')}
        />
        {canUpload && !disabled ? (
          <div className="mt-3 flex flex-wrap items-center gap-3">
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
              {progress === undefined ? (
                <Upload aria-hidden className="size-4" />
              ) : (
                <Loader2 aria-hidden className="size-4 animate-spin" />
              )}
              {progress === undefined
                ? t('settings.images.upload')
                : t('settings.images.uploading', { percent: formatNumber(locale, progress, { style: 'percent' }) })}
            </Button>
            <Button type="button" variant="outline" size="sm" onClick={() => setPicking(true)}>
              <Images aria-hidden className="size-4" />
              {t('media.pick')}
            </Button>
            <MediaPickerDialog
              open={picking}
              onOpenChange={setPicking}
              onPick={(item) => form.setValue(name, item.url, { shouldDirty: true, shouldValidate: true })}
            />
            <p className="text-xs text-fg-muted">{t('settings.images.pending')}</p>
          </div>
        ) : null}
      </div>
      <div className={shape === 'banner' ? 'sm:w-64' : ''}>
        {previewable ? (
          <img
            src={value}
            alt={t('settings.images.preview', { name: label })}
            onError={() => setBrokenSrc(value)}
            className={`${frame} border border-border bg-muted object-cover dark:brightness-90`}
          />
        ) : (
          <div
            className={`${frame} flex items-center justify-center border border-dashed border-border bg-muted p-2 text-center text-xs text-fg-muted`}
          >
            <ImageOff aria-hidden className="me-1 size-4 shrink-0" />
            <span className={shape === 'avatar' ? 'sr-only' : ''}>{t('settings.images.noPreview')}</span>
          </div>
        )}
      </div>
    </div>
  );
}
