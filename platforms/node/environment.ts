import { existsSync, mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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

/**
 * `WEB_CONCURRENCY`: how many serving processes share the port (node:cluster). `auto` is one per
 * core; unset, one (a single process, as before). Anything else is a configuration error.
 */
export function webConcurrency(env: NodeJS.ProcessEnv = process.env): number {
  const value = env.WEB_CONCURRENCY?.trim();
  if (!value) return 1;
  if (value === 'auto') return availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new ConfigError([`WEB_CONCURRENCY must be a whole number from 1 to 64, or "auto" (got "${value}").`]);
  return n;
}
