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
  /** Files skipped as malformed so far. */
  problems: number;
  /** The content build a finished sync made. */
  buildId: string | null;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
};
