import { runMigrations } from '../../server/db/migrate';
import { type SyncProgress, syncContent } from '../../server/services/content-sync';
import { createNodeDatabase } from './database';
import { nodeContentRepository } from './deps';
import { exitOnConfigError, loadNodeConfig } from './environment';
import { createRenderPool } from './render-pool';

/** `npm run db:migrate` and friends: maintenance commands against the configured database. */
async function main() {
  const [command] = process.argv.slice(2);
  const config = (() => {
    try {
      return loadNodeConfig();
    } catch (error) {
      return exitOnConfigError(error);
    }
  })();
  const { db, close } = await createNodeDatabase(config.databaseUrl, config.DATABASE_AUTH_TOKEN);
  try {
    switch (command) {
      case 'migrate': {
        const { applied } = await runMigrations(db);
        console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.');
        break;
      }
      case 'content-sync': {
        const repository = nodeContentRepository(config, config.dataDir);
        const verbose = process.argv.includes('--verbose');
        const started = performance.now();
        // Render threads only when asked: on a busy machine they cost more CPU and memory than they save.
        const pool = process.argv.includes('--threads') ? createRenderPool() : undefined;
        const result = await syncContent(db, repository, {
          force: process.argv.includes('--force'),
          ...(pool ? { renderPages: pool.renderPages } : {}),
          // Progress on a terminal only (a log file gets the summary alone).
          ...(process.stderr.isTTY
            ? {
                onProgress: ({ done, total }: SyncProgress) => {
                  process.stderr.write(`\rRendering pages: ${done} / ${total}`);
                },
              }
            : {}),
        }).finally(() => pool?.close());
        if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        console.log(
          `Build ${result.buildId}${result.changed ? ' (new)' : ' (unchanged)'} from commit ${result.commit ?? '(none)'} in ${seconds} s`,
        );
        console.log(
          `${result.added.length} added, ${result.updated.length} updated, ${result.removed.length} removed, ${result.unchanged} unchanged, ${result.problems.length} skipped`,
        );
        if (verbose) {
          const list = (label: string, items: string[]) => items.length && console.log(`${label}:\n  ${items.join('\n  ')}`);
          list('added', result.added);
          list('updated', result.updated);
          list('removed', result.removed);
        }
        for (const problem of result.problems) console.error(`skipped ${problem.path}: ${problem.message}`);
        if (result.problems.length) process.exitCode = 1;
        break;
      }
      default:
        console.error('Usage: daftar-cli migrate | content-sync [--force] [--verbose] [--threads]');
        process.exitCode = 2;
    }
  } finally {
    close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
