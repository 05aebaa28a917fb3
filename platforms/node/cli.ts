import { runMigrations } from '../../server/db/migrate';
import { createNodeDatabase } from './database';
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
      default:
        console.error('Usage: daftar-cli migrate');
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
