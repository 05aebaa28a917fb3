import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type AppConfig, ConfigError, parseConfig } from '../../server/config';

/** Reads `.env` (when present) and the process environment into a validated config. */
export function loadNodeConfig(env: NodeJS.ProcessEnv = process.env): AppConfig & { dataDir: string; databaseUrl: string } {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = parseConfig(env);
  const dataDir = path.resolve(config.DATA_DIR);
  // Owner-only when Daftar creates it: it holds the database and the setup token (an existing folder keeps its mode).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const databaseUrl = config.DATABASE_URL ?? `file:${path.join(dataDir, 'daftar.db')}`;
  return { ...config, dataDir, databaseUrl };
}

/** Prints configuration problems plainly and exits, instead of a stack trace. */
export function exitOnConfigError(error: unknown): never {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
