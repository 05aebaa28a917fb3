import { parseArgs } from 'node:util';
import { formatTimeForLog } from '../../common/format';
import { runMigrations } from '../../server/db/migrate';
import { cliCreateAdmin, cliResetLink } from '../../server/services/admin-cli';
import { type SyncProgress, SyncRefusedError } from '../../server/services/content-sync';
import { getSiteSettings } from '../../server/services/site';
import { siteAddress } from '../../server/site-origin';
import { createBackup, restoreBackup } from './backup';
import { collisionChoice, importFromPlatform } from './cli-site-import';
import { runCliSync } from './cli-sync';
import { createNodeDatabase } from './database';
import { exitOnConfigError, loadNodeConfig } from './environment';
import { describeImport, importExportFile, writeExportFile } from './export-file';
import { smtpMailerFromConfig } from './mailer';
import { runsWithSyncLimits, SYNC_HEAP } from './sync-limits';

const USAGE = `Usage: npm run daftar -- <command> [options]

Commands:
  migrate                      apply pending database migrations
  content-sync [--force] [--verbose] [--no-threads]
                               re-index the content repository (refuses to remove
                               pages from an empty or unrelated one unless --force)
  reset-password USER [--locale fa|en] [--mail]
                               print a one-time link (24 h) that sets USER's password
  create-admin [--first-name F] [--last-name L] [--about A] [--user-name U] [--email E]
                               add an owner account; asks for what is missing (and the password)
  backup --out FILE            one .tar.gz of the database, content repository and a manifest
  restore --in FILE [--data-dir DIR] [--force]
                               restore a backup into an empty data folder
  export --out FILE.json [--with-secrets]
                               users, roles, settings, comments and subscribers as JSON
  import --in FILE.json [--dry-run]
                               add or update them from an export (idempotent)
  import-wordpress --in export.xml [--media-dir uploads/] [--dry-run] [--on-collision rename|replace|keep]
                               pages, media, accounts, comments and 301 redirects from
                               a WordPress export (WXR), in one commit
  import-ghost --in ghost-export.json [--locale fa|en] [--dry-run] [--on-collision rename|replace|keep]
                               pages, accounts and 301 redirects from a Ghost export

Every command takes --help. The data folder and database come from DATA_DIR / DATABASE_URL.`;

const commandHelp: Record<string, string> = {
  migrate:
    'Usage: npm run daftar -- migrate\nApplies the migrations the installed release brings (the server also does it at start).',
  'content-sync':
    "Usage: npm run daftar -- content-sync [--force] [--verbose] [--no-threads]\nRe-indexes the content repository: --force re-renders every page, --verbose lists changed pages. A repository with no commits, no pages, or without the commit the index was built from (a wrong DATA_DIR or GITHUB_* setting, a second host with its own data folder) is refused with exit status 1 and the index is kept; --force re-indexes it anyway, removing the pages it lacks. Pages are rendered on every core (worker threads beside the command's own, from 50 pages to render); --no-threads renders in one thread.",
  'reset-password':
    "Usage: npm run daftar -- reset-password USER [--locale fa|en] [--mail]\nPrints a one-time link, valid 24 hours, that lets USER choose a new password; using it signs out their sessions. The link starts with SITE_URL (or http://localhost:PORT). With --mail the link is also mailed to the account's confirmed address (SMTP_URL and MAIL_FROM must be set).",
  backup:
    'Usage: npm run daftar -- backup --out FILE\nWrites one .tar.gz: a consistent copy of the database (taken while the site runs), the content repository with its history and media, and a manifest with row counts and a SHA-256 per file.',
  restore:
    'Usage: npm run daftar -- restore --in FILE [--data-dir DIR] [--force]\nRestores into DIR (default DATA_DIR), which must be empty; --force moves a non-empty one aside first. Every checksum is verified before anything is written; pending migrations run afterwards. Stop the server first.',
  export:
    'Usage: npm run daftar -- export --out FILE.json [--with-secrets]\nWrites users, roles, role assignments, settings, comments and newsletter subscribers as one JSON document (format: docs/operating.md). Password hashes only with --with-secrets; without them, imported users sign in after a password reset.',
  import:
    'Usage: npm run daftar -- import --in FILE.json [--dry-run]\nAdds and updates what an export holds, matched by id (subscribers by address, settings by key); running it twice changes nothing. Prints what was created, updated and skipped (with why). The file is checked whole first, and everything is written in one transaction or nothing is. --dry-run prints the plan and writes nothing.',
  'import-wordpress':
    "Usage: npm run daftar -- import-wordpress --in export.xml [--media-dir uploads/] [--dry-run] [--on-collision rename|replace|keep]\nImports WordPress's export (Tools → Export → All content; WXR 1.1/1.2): posts and pages become Markdown pages (Polylang/WPML languages to fa/en, translations sharing a path), images found in --media-dir (a copy of wp-content/uploads) go into the repository's media, authors (editor role, e-mail kept unconfirmed) and commenters (member role) become accounts without passwords, comments keep their threads and statuses, featured images become banners, the categories in use are added to Settings, and every old address (/?p=ID, the permalinks — with and without a blog's folder —, /category/x/, /tag/x/, /author/x/, attachment pages) answers 301 with the new page, never one of the site's own addresses. The report says what came over, what was changed and what was left behind. One commit, then the index is synced; a second run changes nothing. --dry-run prints the report and writes nothing. When a page of the export would take an address that already holds a page here (an installer's sample page or your own), the dry run lists it and the real run needs your choice: --on-collision rename (import it under a new address, such as about-2), replace (it takes the address; the page there is replaced, its text kept in the history) or keep (the page here stays; the imported one is left out and its old addresses lead to the page here). Mapping and limits: docs/operating.md.",
  'import-ghost':
    "Usage: npm run daftar -- import-ghost --in ghost-export.json [--locale fa|en] [--dry-run] [--on-collision rename|replace|keep]\nImports a Ghost export (Settings → Labs → Export): posts and pages from their Lexical document (Ghost 5: its cards as Markdown) or their HTML (Ghost 4), the feature image as banner, tags (the primary one also a category, added to Settings), authors as accounts without passwords (editor role, e-mail kept unconfirmed), and 301 rules from /{slug}/, /tag/{slug}/ and /author/{slug}/. The locale is the export's own setting unless --locale says. --dry-run prints the report and writes nothing. When a page of the export would take an address that already holds a page here (an installer's sample page or your own), the dry run lists it and the real run needs your choice: --on-collision rename (import it under a new address, such as about-2), replace (it takes the address; the page there is replaced, its text kept in the history) or keep (the page here stays; the imported one is left out and its old addresses lead to the page here).",
  'create-admin':
    "Usage: npm run daftar -- create-admin [--first-name F] [--last-name L] [--about A] [--user-name U] [--email E]\nAdds an owner account. Missing fields and the password are asked for on the terminal (the password is not shown), or the password comes from DAFTAR_ADMIN_PASSWORD; the rules are the installer form's. The e-mail address (optional, for a forgotten password) is taken as confirmed: it is the operator's word.",
};

/**
 * Asks on the terminal; `hidden` keeps a password off the screen. Without a terminal it says where
 * else the value comes from: `source` is the option (`--first-name`) or the variable
 * (`DAFTAR_ADMIN_PASSWORD`).
 */
async function ask(question: string, source: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) {
    const how = source.startsWith('--') ? `pass it as ${source} <value>` : `set the ${source} environment variable`;
    throw new Error(`${question.replace(/: $/, '')} is needed: ${how} (no terminal to ask on).`);
  }
  const readline = await import('node:readline');
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    const output = rl as unknown as { _writeToOutput: (text: string) => void };
    output._writeToOutput = (text: string) => {
      if (text.includes(question)) process.stdout.write(text);
    };
  }
  try {
    return await new Promise<string>((resolve) => rl.question(question, resolve));
  } finally {
    if (hidden) process.stdout.write('\n');
    rl.close();
  }
}

/** `content-sync`: runs the sync with the sync's limits (platforms/node/cli-sync.ts) and prints what it did. */
async function contentSync(config: ReturnType<typeof loadNodeConfig>) {
  const verbose = process.argv.includes('--verbose');
  const started = performance.now();
  const run = runCliSync(config, {
    force: process.argv.includes('--force'),
    // Render threads beside the sync's, which renders too (docs/content.md "Scale benchmark").
    threads: !process.argv.includes('--no-threads'),
    // Progress on a terminal only (a log file gets the summary alone).
    ...(process.stderr.isTTY
      ? { onProgress: ({ done, total }: SyncProgress) => process.stderr.write(`\rRendering pages: ${done} / ${total}`) }
      : {}),
  }).catch((error: unknown) => {
    if (!(error instanceof SyncRefusedError)) throw error;
    // Nothing was written: the index keeps serving (docs/operating.md "Several hosts").
    const { removes } = error.refusal;
    console.error(
      `${error.message}\nTo re-index anyway, run content-sync --force: ${removes} ${removes === 1 ? 'page' : 'pages'} will be removed.`,
    );
    process.exitCode = 1;
    return undefined;
  });
  const done = await run;
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  if (!done) return;
  const { result, rendered } = done;
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
    if (rendered) console.log(`Rendered ${rendered.here} pages in the sync's thread, ${rendered.threads} on render threads.`);
    const peak = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(
      runsWithSyncLimits()
        ? `Peak memory ${peak} MB (heap capped at ${SYNC_HEAP.old} MB old, ${SYNC_HEAP.semiSpace} MB semi-space; MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}).`
        : `Peak memory ${peak} MB (node's default heap: this node cannot start itself again with the sync's limits).`,
    );
  }
  for (const problem of result.problems) console.error(`skipped ${problem.path}: ${problem.message}`);
  if (result.problems.length) process.exitCode = 1;
}

/** `npm run daftar -- …` (and `npm run db:migrate`, `npm run content:sync`): maintenance commands against the configured database. */
async function main() {
  const { values: options, positionals } = parseArgs({
    allowPositionals: true,
    strict: false,
    options: {
      help: { type: 'boolean', short: 'h' },
      locale: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      about: { type: 'string' },
      'user-name': { type: 'string' },
      email: { type: 'string' },
      mail: { type: 'boolean' },
      out: { type: 'string' },
      in: { type: 'string' },
      'data-dir': { type: 'string' },
      force: { type: 'boolean' },
      'with-secrets': { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      'media-dir': { type: 'string' },
      'on-collision': { type: 'string' },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || command === 'help') {
    console.log(USAGE);
    if (!command && !options.help) process.exitCode = 2;
    return;
  }
  if (options.help) {
    console.log(commandHelp[command] ?? USAGE);
    return;
  }
  const config = (() => {
    try {
      return loadNodeConfig();
    } catch (error) {
      return exitOnConfigError(error);
    }
  })();
  if (command === 'restore') {
    // Before opening any database: the target folder must still be empty.
    if (typeof options.in !== 'string') throw new Error(commandHelp.restore);
    const dataDir = typeof options['data-dir'] === 'string' ? options['data-dir'] : config.dataDir;
    const result = await restoreBackup(options.in, dataDir, { force: options.force === true });
    if (result.keptAside) console.log(`The folder that was there is kept at ${result.keptAside}.`);
    console.log(
      `Restored the backup of ${result.manifest.createdAt} into ${dataDir}${result.applied.length ? `; applied ${result.applied.join(', ')}` : ''}.`,
    );
    return;
  }
  if (command === 'content-sync') return contentSync(config);
  const database = await createNodeDatabase(config.databaseUrl, config.DATABASE_AUTH_TOKEN);
  const { db } = database;
  const close = () => database.close();
  try {
    switch (command) {
      case 'migrate': {
        const { applied } = await runMigrations(db);
        console.log(applied.length ? `Applied ${applied.length} migration(s): ${applied.join(', ')}` : 'Database is up to date.');
        break;
      }
      case 'reset-password': {
        const [userName] = rest;
        if (!userName) throw new Error(commandHelp['reset-password']);
        const locale = options.locale === 'en' ? 'en' : 'fa';
        const mailer = options.mail === true ? smtpMailerFromConfig(config) : undefined;
        if (options.mail === true && !mailer)
          throw new Error('--mail needs SMTP_URL and MAIL_FROM: the link can only be printed.');
        // The site's address (server/site-origin.ts); a printed link may fall back to this machine's.
        const address = await siteAddress({ config, db });
        if (mailer && !address)
          throw new Error(
            "--mail needs the site's address: set SITE_URL (this site recorded none when installed). The link can only be printed.",
          );
        const origin = address ?? `http://localhost:${config.PORT}`;
        const { url, expiresAt, mailedTo } = await cliResetLink(db, userName, { origin, locale }, mailer);
        const zone = (await getSiteSettings(db)).timeZone;
        console.log(`One-time link for ${userName} (valid until ${formatTimeForLog(expiresAt, zone)}):\n\n  ${url}\n`);
        if (mailedTo) console.log(`Mailed to ${mailedTo}.`);
        break;
      }
      case 'create-admin': {
        const text = (name: string) => (typeof options[name] === 'string' ? (options[name] as string) : undefined);
        const input = {
          firstName: text('first-name') ?? (await ask('First name: ', '--first-name')),
          lastName: text('last-name') ?? (await ask('Last name: ', '--last-name')),
          // Optional, like the installer's: asked only on a terminal.
          about: text('about') ?? (process.stdin.isTTY ? await ask('About (a line, optional): ', '--about') : ''),
          userName: text('user-name') ?? (await ask('User name: ', '--user-name')),
          email:
            text('email') ?? (process.stdin.isTTY ? await ask('E-mail (optional, for a forgotten password): ', '--email') : ''),
          password: process.env.DAFTAR_ADMIN_PASSWORD ?? (await ask('Password: ', 'DAFTAR_ADMIN_PASSWORD', true)),
        };
        const { owners } = await cliCreateAdmin(db, input);
        console.log(`Owner "${input.userName}" created; the site has ${owners} owner(s). Sign in at /login.`);
        break;
      }
      case 'backup': {
        if (typeof options.out !== 'string') throw new Error(commandHelp.backup);
        const started = performance.now();
        const manifest = await createBackup(
          { db, dataDir: config.dataDir, databaseUrl: config.databaseUrl },
          options.out,
          (message) => (process.stderr.isTTY ? process.stderr.write(`${message}\n`) : undefined),
        );
        const counts = Object.entries(manifest.counts)
          .map(([table, n]) => `${n} ${table}`)
          .join(', ');
        console.log(
          `Backup written to ${options.out} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${manifest.files.length} files; ${counts}.`,
        );
        break;
      }
      case 'export': {
        if (typeof options.out !== 'string') throw new Error(commandHelp.export);
        const { file, document } = await writeExportFile(db, options.out, { withSecrets: options['with-secrets'] === true });
        console.log(
          `Export written to ${file}: ${document.users.length} users, ${document.roles.length} roles, ${document.settings.length} settings, ${document.comments.length} comments, ${document.subscribers.length} subscribers${document.withSecrets ? ' (with password hashes: keep it private)' : ' (without password hashes)'}.`,
        );
        break;
      }
      case 'import': {
        if (typeof options.in !== 'string') throw new Error(commandHelp.import);
        // A new database (moving a site here) gets its tables first, as the server would at start.
        if (options['dry-run'] !== true) await runMigrations(db);
        const report = await importExportFile(db, options.in, { dryRun: options['dry-run'] === true });
        console.log(describeImport(report));
        break;
      }
      case 'import-wordpress':
      case 'import-ghost': {
        if (typeof options.in !== 'string') throw new Error(commandHelp[command]);
        const mediaDir = typeof options['media-dir'] === 'string' ? options['media-dir'] : undefined;
        const locale = options.locale === 'fa' || options.locale === 'en' ? options.locale : undefined;
        const dryRun = options['dry-run'] === true;
        const onCollision = collisionChoice(options['on-collision']);
        console.log(await importFromPlatform(config, db, command, { file: options.in, mediaDir, locale, dryRun, onCollision }));
        break;
      }
      default:
        console.error(`Unknown command "${command}".\n\n${USAGE}`);
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
