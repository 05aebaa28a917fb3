import { createLimits } from '../auth/rate-limit';
import { purgeExpiredSessions, SESSION_PURGE_INTERVAL_MS } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { errorForLog } from '../errors';
import { rollUpOldViews } from '../services/analytics';
import { PUBLISH_LEASE_MS, publishDueBuild, resumeInterruptedPublishes } from '../services/builds';
import { indexerOf } from '../services/indexer';
import { purgeExpiredNewsletterTokens, resumeNewsletterQueue, SEND_LEASE_MS } from '../services/newsletter';
import { NOTIFICATION_LEASE_MS, processNotificationMails, purgeOldNotificationMails } from '../services/notifications';
import { purgeOldDeliveries, runOutgoingWebhooks } from '../services/outgoing-webhooks';
import { publishDuePageSchedules } from '../services/page-schedules';
import { isInstalled } from '../services/site';
import { purgeExpiredSignInSteps } from '../services/two-factor';
import { sendWeeklyDigests } from '../services/weekly-digest';
import { siteAddress } from '../site-origin';
import {
  HEARTBEAT_EVERY_MS,
  HEARTBEAT_TTL_MS,
  heartbeatName,
  otherProcessAlive,
  purgeExpiredLeases,
  releaseAllLeases,
  takeLease,
} from './leases';

/*
 * Background jobs: one list, started the same way on every platform (docs/architecture.md,
 * "Background jobs"). Node runs each on a timer in every process from start-up, installed or not
 * (a job waits until the site is installed); Workers runs them from its two cron triggers. Each
 * run takes the job's lease first, so with many processes exactly one runs a job at a time.
 */

export type JobDeps = Pick<AppDeps, 'db' | 'contentRepository' | 'indexer' | 'mailer' | 'pageCache' | 'webhookTransport'> & {
  /** SITE_URL: the address mails' links start with, before the one recorded at installation (server/site-origin.ts). */
  config?: Pick<AppDeps['config'], 'SITE_URL'>;
};

export type JobContext = {
  /** Aborted when the process stops: a job finishes the item in hand and returns. */
  signal: AbortSignal;
  /**
   * Whether work another process claimed may still be going on. False only when no other server
   * process is alive (Node heartbeats): then a publish left `publishing` or a mail left `sending`
   * is nobody's, and is taken up at once instead of after its lease.
   */
  othersMayBeWorking: () => Promise<boolean>;
  /** Workers: how long a job may run in this cron invocation, and the sync steps left to it. */
  budgetMs?: number;
  steps: { left: number };
};

export type Job = {
  name: string;
  /** How often it runs on Node. On Workers: up to a minute, the per-minute cron; longer, the daily one. */
  everyMs: number;
  run: (deps: JobDeps, context: JobContext) => Promise<unknown>;
};

export const jobs: Job[] = [
  {
    // A build scheduled for later publishes itself within 5 s of its time (Workers: within the minute).
    name: 'scheduled-publish',
    everyMs: 5_000,
    async run(deps, context) {
      const published = await publishDueBuild(deps);
      // A publish indexed in steps ran its first here; the rest go to the sync steps below.
      if (published !== undefined) context.steps.left -= 1;
    },
  },
  {
    // A page scheduled to publish alone, or to go back to draft, within 5 s of its time (Workers:
    // within the minute): one group a run, as its own commit (server/services/page-schedules.ts).
    name: 'page-schedules',
    everyMs: 5_000,
    async run(deps, context) {
      for (let i = 0; i < 10 && !context.signal.aborted; i++) {
        const published = await publishDuePageSchedules(deps);
        if (published === undefined) break;
        context.steps.left -= 1;
      }
    },
  },
  {
    // A re-index left over: in steps, the next ones and a failed one taken up again a few times;
    // in one go, one paused by GitHub's rate limit, run again once the reset has passed.
    name: 'sync-steps',
    everyMs: 60_000,
    run: (deps, context) => indexerOf(deps).resume(deps, { budgetMs: context.budgetMs, maxSteps: context.steps.left }),
  },
  {
    // A publish cut off by a crash is completed (its commit landed) or reopened once it is nobody's.
    name: 'interrupted-publishes',
    everyMs: 30_000,
    async run(deps, context) {
      await resumeInterruptedPublishes(deps, { leaseMs: (await context.othersMayBeWorking()) ? PUBLISH_LEASE_MS : 0 });
    },
  },
  {
    // Newsletter sends left over (a stop, a Worker out of time); a mail cut off mid-send is not repeated.
    name: 'newsletter-queue',
    everyMs: 60_000,
    async run(deps, context) {
      await resumeNewsletterQueue(deps, {
        leaseMs: (await context.othersMayBeWorking()) ? SEND_LEASE_MS : 0,
        budgetMs: context.budgetMs,
        signal: context.signal,
      });
    },
  },
  {
    // Notification mails a comment route left queued (a stop, a Worker out of time). Their links
    // start with the site's address (server/site-origin.ts); a site without one sends none.
    name: 'notification-mails',
    everyMs: 60_000,
    async run(deps, context) {
      if (!deps.mailer) return;
      const origin = await siteAddress({ config: deps.config ?? {}, db: deps.db });
      if (!origin) return;
      await processNotificationMails(deps, origin, {
        leaseMs: (await context.othersMayBeWorking()) ? NOTIFICATION_LEASE_MS : 0,
      });
    },
  },
  {
    // The owners' weekly digest (opt-in). Node: a week after the last run, and at start-up; Workers:
    // the daily cron. Each owner's account records the ISO week sent, so never twice in a week.
    name: 'weekly-digest',
    everyMs: 7 * 24 * 60 * 60 * 1000,
    async run(deps) {
      if (!deps.mailer) return;
      const origin = await siteAddress({ config: deps.config ?? {}, db: deps.db });
      if (origin) await sendWeeklyDigests(deps, origin);
    },
  },
  {
    // Outgoing webhooks due (new events, retries after their backoff); a delivery a dead process
    // left half-sent is sent again (receivers dedupe on the event id). Workers: the per-minute cron.
    name: 'outgoing-webhooks',
    everyMs: 10_000,
    run: (deps, context) => runOutgoingWebhooks(deps, { budgetMs: context.budgetMs, signal: context.signal }),
  },
  {
    name: 'session-purge',
    everyMs: SESSION_PURGE_INTERVAL_MS,
    run: (deps) => purgeExpiredSessions(deps.db),
  },
  {
    // Raw page views past the retention period become daily totals (docs/analytics.md).
    name: 'page-view-roll-up',
    everyMs: 60 * 60 * 1000,
    run: (deps) => rollUpOldViews(deps.db),
  },
  {
    // Rows that only take room once expired: abuse-limit counters, dead processes' leases, mail links,
    // outgoing webhook deliveries older than 30 days.
    name: 'expired-rows',
    everyMs: 60 * 60 * 1000,
    async run(deps) {
      await createLimits(deps.db).purgeExpired();
      await purgeExpiredLeases(deps.db);
      await purgeExpiredNewsletterTokens(deps.db);
      await purgeOldNotificationMails(deps.db);
      await purgeExpiredSignInSteps(deps.db);
      await purgeOldDeliveries(deps.db);
    },
  },
];

/** A job's lease lasts one period (at least 5 s) and is renewed while it runs. */
const leaseMsOf = (job: Job) => Math.max(job.everyMs, 5_000);

/**
 * Runs `job` if this holder gets its lease; answers whether it ran. The lease is renewed while the
 * job runs and left to expire after, so the next run (by whichever process) is a period later.
 */
export async function runJob(
  deps: JobDeps,
  job: Job,
  holder: string,
  context: JobContext,
  wallClock: () => number = Date.now,
): Promise<boolean> {
  const leaseMs = leaseMsOf(job);
  if (!(await takeLease(deps.db, `job:${job.name}`, holder, leaseMs, wallClock()))) return false;
  const renew = setInterval(() => {
    void takeLease(deps.db, `job:${job.name}`, holder, leaseMs, wallClock()).catch(() => {});
  }, leaseMs / 2);
  try {
    await job.run(deps, context);
  } finally {
    clearInterval(renew);
  }
  return true;
}

/** How often a Node process looks for due jobs (and whether the site got installed meanwhile). */
export const JOB_TICK_MS = 1_000;

/**
 * The runner's two clocks. Periods (a job's, the heartbeat's) are measured on the monotonic one,
 * which never steps, so a wall clock set back an hour does not stop the jobs for that hour
 * (review 2026-12-07 scale-out F-7); the wall clock only stamps what other processes read
 * (leases). Tests replace both.
 */
export type JobClocks = { monotonic?: () => number; wall?: () => number };

/**
 * Node: from process start, in every process, each job whenever its period has passed (leases
 * pick one process), plus the process's heartbeat. Until the site is installed nothing is due;
 * once it is — also by the installer in this very process — every job runs at once, then on its
 * period. `stop` (SIGTERM) stops the timer, lets running jobs finish the item in hand (they see
 * the aborted signal), and gives the leases back.
 */
export function startJobs(
  deps: JobDeps,
  { holder, list = jobs, clocks = {} }: { holder: string; list?: Job[]; clocks?: JobClocks },
) {
  const monotonic = clocks.monotonic ?? (() => performance.now());
  const wall = clocks.wall ?? Date.now;
  const abort = new AbortController();
  const running = new Map<string, Promise<unknown>>();
  const lastRun = new Map<string, number>();
  let lastHeartbeat = Number.NEGATIVE_INFINITY;
  let installed = false;
  let ticking = false;
  const context: JobContext = {
    signal: abort.signal,
    othersMayBeWorking: () => otherProcessAlive(deps.db, holder, wall()),
    steps: { left: Number.POSITIVE_INFINITY },
  };
  const start = (name: string, work: () => Promise<unknown>) => {
    const run = work()
      .catch((error: unknown) => console.error(`Background job ${name} failed:\n${errorForLog(error)}`))
      .finally(() => running.delete(name));
    running.set(name, run);
  };
  const tick = async () => {
    if (ticking || abort.signal.aborted) return;
    ticking = true;
    try {
      const now = monotonic();
      if (now - lastHeartbeat >= HEARTBEAT_EVERY_MS) {
        // Fails until the database is migrated (a new install): tried again each tick until then.
        const told = await takeLease(deps.db, heartbeatName(holder), holder, HEARTBEAT_TTL_MS, wall()).catch(() => false);
        if (told) lastHeartbeat = now;
      }
      installed ||= await isInstalled(deps.db).catch(() => false);
      if (!installed) return;
      for (const job of list) {
        if (running.has(job.name) || now - (lastRun.get(job.name) ?? Number.NEGATIVE_INFINITY) < job.everyMs) continue;
        lastRun.set(job.name, now);
        start(job.name, () => runJob(deps, job, holder, context, wall));
      }
    } finally {
      ticking = false;
    }
  };
  const timer = setInterval(() => void tick(), Math.min(JOB_TICK_MS, ...list.map((job) => job.everyMs)));
  timer.unref?.();
  void tick();

  return {
    /** Stops the timer, waits for running jobs (at most `timeoutMs`), and gives the leases back. */
    async stop(timeoutMs = 10_000) {
      abort.abort();
      clearInterval(timer);
      await Promise.race([
        Promise.allSettled([...running.values()]),
        new Promise((resolve) => setTimeout(resolve, timeoutMs).unref?.()),
      ]);
      await releaseAllLeases(deps.db, holder).catch(() => {});
    },
  };
}

/**
 * Workers: a cron run. The per-minute cron runs the jobs due every minute or more often, the daily
 * cron the rest, one after another within the invocation's budget. Another invocation may be
 * running (its lease says so), and an isolate has no heartbeat, so claimed work is only taken up
 * after its own lease.
 */
export async function runCronJobs(
  deps: JobDeps,
  cadence: 'minute' | 'daily',
  { budgetMs, maxSteps }: { budgetMs: number; maxSteps: number },
) {
  if (!(await isInstalled(deps.db).catch(() => false))) return;
  const holder = crypto.randomUUID();
  const context: JobContext = {
    signal: new AbortController().signal,
    othersMayBeWorking: async () => true,
    budgetMs,
    steps: { left: maxSteps },
  };
  for (const job of jobs.filter((j) => j.everyMs <= 60_000 === (cadence === 'minute'))) {
    try {
      await runJob(deps, job, holder, context);
    } catch (error) {
      console.error(`Background job ${job.name} failed:\n${errorForLog(error)}`);
    }
  }
  await releaseAllLeases(deps.db, holder).catch(() => {});
}
