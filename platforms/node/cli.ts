import { runMigrations } from '../../server/db/migrate';
import { syncContent } from '../../server/services/content-sync';
import { createNodeDatabase } from './database';
import { nodeContentRepository } from './deps';
import { exitOnConfigError, loadNodeConfig } from './environment';

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
        const result = await syncContent(db, repository, { force: process.argv.includes('--force') });
        const list = (label: string, items: string[]) => items.length && console.log(`${label}: ${items.join(', ')}`);
        console.log(
          `Build ${result.buildId}${result.changed ? ' (new)' : ' (unchanged)'} from commit ${result.commit ?? '(none)'}`,
        );
        list('added', result.added);
        list('updated', result.updated);
        list('removed', result.removed);
        console.log(`${result.unchanged} page(s) unchanged.`);
        for (const problem of result.problems) console.error(`skipped ${problem.path}: ${problem.message}`);
        if (result.problems.length) process.exitCode = 1;
        break;
      }
      default:
        console.error('Usage: daftar-cli migrate | content-sync [--force]');
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
