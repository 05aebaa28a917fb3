import { OWNER_ROLE } from '../../../common/permissions';
import { categoryUsage, readSettings } from '../../../server/services/settings';
import { serverContext } from '../../lib/app-context.server';
import type { Route } from './+types/settings';
import { dashboardUser } from './layout.server';

/**
 * The settings screen opens with `settings.read` (common/page-access.ts, so the menu offers it to
 * nobody else) and lets them be changed only with `settings.edit`: the same rules the API enforces. Category usage lets the screen say which categories cannot be removed.
 * "Download a backup" is for owners, where the platform makes backups (`GET /api/backup`).
 */
export async function loadSettings({ context }: Route.LoaderArgs) {
  const user = dashboardUser(context);
  const { deps } = serverContext(context);
  const isOwner = user.roles.includes(OWNER_ROLE);
  const canBackup = isOwner && Boolean(deps.backup);
  const [{ settings, version }, usage] = await Promise.all([readSettings(deps.db), categoryUsage(deps.db)]);
  return {
    access: user.permissions.includes('settings.edit') ? ('edit' as const) : ('read' as const),
    settings,
    version,
    usage,
    canUpload: user.permissions.includes('commits.create'),
    canBackup,
    // The two-factor policy switch (owners only, like the backup).
    isOwner,
  };
}
