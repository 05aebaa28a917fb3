import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { getSiteSettings } from '../services/site';
import { endpointsOn } from './endpoint';
import { type AuthEnv, requireApiUser } from './guards';
import { clientInfo } from './request';

/** `my-notebook-backup-2026-11-23.tar.gz`: the site's English name as ASCII, then the UTC day. */
export function backupFileName(siteName: string, at: Date) {
  const slug = siteName
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `${slug || 'daftar'}-backup-${at.toISOString().slice(0, 10)}.tar.gz`;
}

/**
 * `GET /api/backup` (owners only, route-access.ts): the same archive as `npm run daftar -- backup`,
 * as a download. Never cached anywhere; each download leaves a line in the server log. Where the
 * platform cannot make one (Workers), 501.
 */
export function createBackupRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  const on = endpointsOn(routes, '/api/backup');
  on(endpoints.operating.backup, async (c) => {
    const user = requireApiUser(c);
    if (!deps.backup) throw new AppError(501, 'api.backupUnavailable');
    // A download another site starts in the owner's browser (a link or a form) is refused.
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw new AppError(403, 'api.crossOrigin');
    const { archive, manifest } = await deps.backup();
    const name = backupFileName((await getSiteSettings(deps.db)).siteName.en, new Date(manifest.createdAt));
    const { ip } = clientInfo(c, deps);
    console.info(
      `Backup downloaded by ${user.username} (${user.id}) from ${ip || 'an unknown address'}: ${name}, ${archive.byteLength} bytes, ${manifest.createdAt}`,
    );
    return c.body(archive as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/gzip',
      'Content-Length': String(archive.byteLength),
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
  return routes;
}
