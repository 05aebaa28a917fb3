import path from 'node:path';
import type { AppConfig } from '../../server/config';
import { githubRepositoryFromConfig } from '../../server/content/github-repository';
import type { AppDeps, PageHandler } from '../../server/deps';
import { createMemoryPageCache } from '../../server/http/page-cache';
import { inOneGo } from '../../server/services/indexer';
import { isInstalled } from '../../server/services/site';
import { nodeBackupMaker } from './backup';
import { createNodeDatabase } from './database';
import type { loadNodeConfig } from './environment';
import { createLocalRepository } from './local-repository';
import { smtpMailerFromConfig } from './mailer';
import { createNodeMediaVariants } from './media-variants';
import { nodeWebhookTransportFromConfig } from './outgoing-webhook-transport';
import { nodePageEncoder, nodePageRefiner } from './page-encoding';
import { createFileSetupToken } from './setup-token';

/** Shows where the database is without printing secrets or a full server path. */
export function maskDatabaseUrl(url: string): string {
  if (url.startsWith('file:')) {
    const file = url.slice('file:'.length);
    const parts = file.split(/[\\/]/).filter(Boolean);
    return parts.length <= 2 ? url : `file:…/${parts.slice(-2).join('/')}`;
  }
  try {
    const parsed = new URL(url);
    const host = parsed.hostname;
    const shown = host.length > 8 ? `${host.slice(0, 4)}…${host.slice(-8)}` : host;
    return `${parsed.protocol}//${shown}`;
  } catch {
    return 'libsql://…';
  }
}

/** GitHub when token, owner and repository are configured; otherwise the git repository at `$DATA_DIR/repo`. */
export function nodeContentRepository(config: AppConfig, dataDir: string) {
  return githubRepositoryFromConfig(config) ?? createLocalRepository(path.join(dataDir, 'repo'), config.GITHUB_BRANCH);
}

/**
 * Builds the node target's dependencies: libSQL database, content repository (local or GitHub), the
 * setup token. Returns the installer URL to print while the site is not installed.
 */
export async function createNodeDeps(config: ReturnType<typeof loadNodeConfig>, pageHandler?: PageHandler) {
  const { db, close } = await createNodeDatabase(config.databaseUrl, config.DATABASE_AUTH_TOKEN);
  const setupToken = createFileSetupToken(config.dataDir, config.SETUP_TOKEN);
  const deps: AppDeps = {
    config,
    db,
    databaseInfo: { driver: 'libSQL (SQLite)', location: maskDatabaseUrl(config.databaseUrl) },
    setupToken,
    contentRepository: nodeContentRepository(config, config.dataDir),
    pageHandler,
    pageCache: createMemoryPageCache({ encode: nodePageEncoder, refine: nodePageRefiner }),
    // The index in one go, in this process.
    indexer: inOneGo,
    mailer: smtpMailerFromConfig(config),
    // Outgoing webhooks resolve names here and refuse private addresses when connecting.
    webhookTransport: nodeWebhookTransportFromConfig(config),
    // A cache derived from the repository's images: never committed, made again when missing.
    mediaVariants: createNodeMediaVariants(path.join(config.dataDir, 'media-variants')),
    // A remote libSQL database has its own backups: the download is offered for the embedded one only.
    ...(config.databaseUrl.startsWith('file:')
      ? { backup: nodeBackupMaker({ db, dataDir: config.dataDir, databaseUrl: config.databaseUrl }) }
      : {}),
  };
  let installerToken: string | undefined;
  if (await isInstalled(db).catch(() => false)) await setupToken.clear();
  else installerToken = setupToken.ensure();
  return { deps, close, installerToken };
}

/** The site's address as people open it: `SITE_URL` when set, else this machine's HOST and PORT. */
export function siteAddress(config: ReturnType<typeof loadNodeConfig>) {
  if (config.SITE_URL) return config.SITE_URL.replace(/\/+$/, '');
  const host = config.HOST === '0.0.0.0' || config.HOST === '127.0.0.1' || config.HOST === '::' ? 'localhost' : config.HOST;
  return `http://${host}:${config.PORT}`;
}

export function installerUrl(config: ReturnType<typeof loadNodeConfig>, token: string) {
  return `${siteAddress(config)}/?setup=${encodeURIComponent(token)}`;
}
