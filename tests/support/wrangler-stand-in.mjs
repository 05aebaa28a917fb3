#!/usr/bin/env node
/*
 * A stand-in for the `wrangler` commands `npm run deploy:workers` runs (scripts/deploy-workers.mjs,
 * through DAFTAR_WRANGLER), answering as wrangler 4 does. Each call is appended to
 * $STAND_IN_LOG as one JSON line: its arguments and, for `deploy --secrets-file`, that file's
 * content and mode. $STAND_IN_STATE (JSON) says what exists: { databases: [{ name, uuid }],
 * secrets: [names] | null (no Worker yet), signedIn }.
 */
import { appendFileSync, readFileSync, statSync } from 'node:fs';

const args = process.argv.slice(2);
const state = JSON.parse(readFileSync(process.env.STAND_IN_STATE, 'utf8'));
const entry = { args };
const at = args.indexOf('--secrets-file');
if (at >= 0) {
  entry.secrets = JSON.parse(readFileSync(args[at + 1], 'utf8'));
  entry.secretsMode = (statSync(args[at + 1]).mode & 0o777).toString(8);
}
appendFileSync(process.env.STAND_IN_LOG, `${JSON.stringify(entry)}\n`);

const command = args.slice(0, 2).join(' ');
if (args[0] === 'whoami') {
  if (!state.signedIn) {
    console.log('You are not authenticated. Please run `wrangler login`.');
    process.exit(1);
  }
  console.log(JSON.stringify({ email: 'owner@example.com', accounts: [] }));
} else if (command === 'd1 list') {
  console.log(JSON.stringify(state.databases));
} else if (command === 'd1 create') {
  console.log(
    `✅ Successfully created DB '${args[2]}' in region WEUR\n\n{\n  "d1_databases": [\n    {\n      "binding": "DB",\n      "database_name": "${args[2]}",\n      "database_id": "${state.createId}"\n    }\n  ]\n}`,
  );
} else if (command === 'secret list') {
  if (!state.secrets) {
    console.error('✘ [ERROR] This Worker does not exist on your account. [code: 10007]');
    process.exit(1);
  }
  console.log(JSON.stringify(state.secrets.map((name) => ({ name, type: 'secret_text' }))));
} else if (args[0] === 'deploy') {
  // A Worker on a custom domain only: no workers.dev address printed.
  console.log(
    'Total Upload: 3823.71 KiB / gzip: 1071.12 KiB\nUploaded daftar (3.2 sec)\nDeployed daftar triggers (0.9 sec)\n  daftar.example.com (custom domain)',
  );
} else {
  console.error(`stand-in: unknown command ${args.join(' ')}`);
  process.exit(2);
}
