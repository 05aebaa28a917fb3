/*
 * The limits the CLI's content sync runs under (docs/content.md "Scale benchmark"). Node 24's V8 lets
 * a busy thread's young generation grow to 128 MB and more, and its old generation to about 160 MB,
 * under the sync's garbage (reading blobs, copying rendered pages between threads, rendering) while
 * its live data stays a few tens of MB; glibc gives every thread that allocates its own malloc
 * arena. Both are settings node reads only when it starts, so `content-sync` starts node again with
 * them (`process.execve`: the same process, pid and terminal, nothing left running beside it).
 *
 * The CLI's entry (platforms/node/cli-entry.ts) restarts before it loads the commands. A stdio stream
 * node made before execve (importing `node:util` is enough: it reads `process.stderr` for colours)
 * sets its pipe non-blocking; the process started next takes that as the pipe's state and leaves it
 * so at exit, to whatever started the CLI (a shell script, a service manager, `/usr/bin/time`, which
 * then failed to write its report), so the pipes are made blocking again before execve.
 */
import { parseArgs } from 'node:util';

/**
 * V8's old generation and semi-space (the young generation is three of them) for the sync, in MB.
 * The sync's live data at 10 000 pages is 40-55 MB (the modules' code included); a semi-space of 8
 * took a third more CPU. Side by side with MALLOC_ARENA_MAX=1 (`--force`, 10 000 pages, three
 * rounds): 96 MB and one arena 273-286 MB peak, 128 MB and two arenas 306-308 MB, in the same time.
 */
export const SYNC_HEAP = { old: 96, semiSpace: 16 };
/** Set in the environment of the process started again, so it does not start itself once more. */
const RESTARTED = 'DAFTAR_CONTENT_SYNC_PROCESS';

/**
 * For `content-sync`: replaces this process with node started again with the sync's heap limits
 * and `MALLOC_ARENA_MAX=1` (unless the operator set it), the same script and arguments. Flags the
 * operator gave node come after ours, so theirs win. Does nothing for other commands, in the
 * process started so, on Windows, or on a node without `process.execve` (before 22.15): the sync
 * then runs with node's defaults.
 */
export function restartWithSyncLimits(argv = process.argv.slice(2)) {
  const [command] = parseArgs({ args: argv, allowPositionals: true, strict: false }).positionals;
  // Windows has no execve (node throws there); node before 22.15 has no process.execve.
  if (command !== 'content-sync' || process.env[RESTARTED] || process.platform === 'win32') return;
  if (typeof process.execve !== 'function') return;
  for (const stream of [process.stdout, process.stderr])
    (stream as unknown as { _handle?: { setBlocking?: (blocking: boolean) => void } })._handle?.setBlocking?.(true);
  process.execve(
    process.execPath,
    [
      process.execPath,
      `--max-old-space-size=${SYNC_HEAP.old}`,
      `--max-semi-space-size=${SYNC_HEAP.semiSpace}`,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '1', [RESTARTED]: '1' },
  );
}

/** Whether this process runs with the sync's limits (restartWithSyncLimits started it). */
export const runsWithSyncLimits = () => Boolean(process.env[RESTARTED]);
