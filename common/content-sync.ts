/**
 * A re-index as the dashboard sees it (`GET /api/content/sync`, server/services/content-sync-runner.ts):
 * how far it is, and why it stopped when it failed.
 */
export type ContentSyncState = {
  id: string;
  /**
   * `running`: pages are being rendered, or (Workers) the next step is due; `failed`: a step failed
   * (`error`), the staged pages are kept for a retry; `interrupted`: the process running it stopped
   * (a crash, a restart, a Worker cut off) — the next sync or step carries on; `done`: published.
   */
  status: 'running' | 'failed' | 'interrupted' | 'done';
  /** Pages rendered so far, of `total` this sync renders (unchanged pages are not counted). */
  done: number;
  total: number;
  error: string | null;
  /** A failed sync (Workers) that the cron takes up again by itself at this time; null when it will not (it tried 3 times, or on node). */
  retryAt: string | null;
  /**
   * A running sync (Workers) paused by GitHub's rate limit: its next step waits until this time (the
   * per-minute cron takes it up then); null when it is not paused.
   */
  pausedUntil: string | null;
  /** Files skipped as malformed so far. */
  problems: number;
  /** A failed sync that refused to remove pages (`SyncRefusal`): the builds screen offers to re-index anyway. */
  refusal: SyncRefusal | null;
  /** A failed sync that found the content repository damaged (`RepositoryDamage`): restore it from a backup. */
  damage: RepositoryDamage | null;
  /** The content build a finished sync made. */
  buildId: string | null;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
};

/**
 * Why a re-index refused to run (server/services/content-sync.ts, docs/content.md "Syncing"): the
 * repository it read has no commit (`unborn`: an empty repository, or a branch not made yet), no
 * pages at all (`empty`), or a history without the commit the index was built from (`unrelated`:
 * another repository, branch or data folder). `removes`: the pages the index would lose.
 */
export type SyncRefusalReason = 'unborn' | 'empty' | 'unrelated';
export type SyncRefusal = { reason: SyncRefusalReason; removes: number };

const REFUSAL = /^Re-index refused \((unborn|empty|unrelated), (\d+) pages? would be removed\)/;

/** The refusal's one-line head, as recorded in a failed sync's `error` (and read back by `parseSyncRefusal`). */
export function syncRefusalHead({ reason, removes }: SyncRefusal) {
  return `Re-index refused (${reason}, ${removes} ${removes === 1 ? 'page' : 'pages'} would be removed)`;
}

/** The refusal a failed sync's `error` records, if it is one. */
export function parseSyncRefusal(error: string | null | undefined): SyncRefusal | null {
  const match = error ? REFUSAL.exec(error) : null;
  return match ? { reason: match[1] as SyncRefusalReason, removes: Number(match[2]) } : null;
}

const PAUSE = /^Paused for GitHub's rate limit until (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z)/;

/**
 * What a sync paused by GitHub's rate limit records in its `error` (its status stays `running`, its
 * lease runs to `until`: no invocation takes a step before). Read back by `parseSyncPause`.
 */
export function syncPauseHead(until: Date, detail: string) {
  return `Paused for GitHub's rate limit until ${until.toISOString()}: ${detail}`;
}

/** Until when a running sync's recorded `error` says it is paused, if it does. */
export function parseSyncPause(error: string | null | undefined): Date | null {
  const match = error ? PAUSE.exec(error) : null;
  return match ? new Date(match[1]!) : null;
}

/**
 * An object of the content repository that cannot be read (cut short, changed, missing), and the
 * file or folder whose read found it (server/content/repository.ts `RepositoryDamagedError`).
 */
export type RepositoryDamage = { object: string; file: string | null };

/** What a page's error boundary receives when a loader found the content repository damaged (app/lib/repository-damage.server.ts). */
export type RepositoryDamagePage = { kind: 'repositoryDamaged'; message: string };

const DAMAGE = /^The content repository is damaged: object (\S+)(?: \((.+?)\))? cannot be read/;

/** The damage's head, as the error's English message (the CLI, the log, a failed sync's `error`) starts. */
export function repositoryDamageHead({ object, file }: RepositoryDamage) {
  return `The content repository is damaged: object ${object}${file ? ` (${file})` : ''} cannot be read`;
}

/** The damage a failed sync's `error` records, if it is one. */
export function parseRepositoryDamage(error: string | null | undefined): RepositoryDamage | null {
  const match = error ? DAMAGE.exec(error) : null;
  return match ? { object: match[1]!, file: match[2] ?? null } : null;
}
