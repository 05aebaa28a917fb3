import { Download, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../common/messages';
import { api } from '../../../lib/api-client';
import { useRootData } from '../../../lib/root-data';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast';
import { SettingsSection } from './shared';

/** The file name the server chose (`Content-Disposition: attachment; filename="…"`). */
function attachmentName(header: string | null) {
  return /filename="([^"]+)"/.exec(header ?? '')?.[1] ?? 'daftar-backup.tar.gz';
}

/**
 * "Download a backup" (owners, on a platform that makes them): `GET /api/backup` answers the same
 * archive as the CLI's `backup`. Fetched rather than followed as a link, so the button can show
 * that the archive is being made and say so when it fails, instead of a broken download.
 */
export function BackupSection() {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      let response: Response;
      try {
        response = await fetch(api.operating.backup.url(), { headers: { 'x-locale': locale }, credentials: 'same-origin' });
      } catch {
        throw new Error(translateMessage(locale, 'api.networkError'));
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as { message?: string } | undefined;
        throw new Error(body?.message || response.statusText);
      }
      const blob = await response.blob();
      const name = attachmentName(response.headers.get('content-disposition'));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.appendChild(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click is handled.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast({ title: t('settings.backup.done'), description: name, color: 'success' });
    } catch (error) {
      toast({
        title: t('settings.backup.failed'),
        description: error instanceof Error ? error.message : String(error),
        color: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SettingsSection id="settings-backup" title={t('settings.backup.title')} hint={t('settings.backup.hint')}>
      <ul className="list-disc space-y-1 ps-5 text-sm text-fg-muted">
        <li>{t('settings.backup.holds')}</li>
        <li>{t('settings.backup.private')}</li>
        <li>
          {t('settings.backup.restore')} {/* A command reads left to right inside Persian too. */}
          <code dir="ltr" className="inline-block rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-fg">
            npm run daftar -- restore --in FILE
          </code>
        </li>
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="button" variant="outline" onClick={download} disabled={busy} aria-busy={busy}>
          {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <Download aria-hidden className="size-4" />}
          {busy ? t('settings.backup.making') : t('settings.backup.download')}
        </Button>
        <p aria-live="polite" className="text-sm text-fg-muted">
          {busy ? t('settings.backup.wait') : ''}
        </p>
      </div>
    </SettingsSection>
  );
}
