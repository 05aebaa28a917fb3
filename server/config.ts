import { z } from 'zod';

/**
 * Environment configuration, validated once at start-up. Works on any platform: the node entry
 * passes `process.env` (plus `.env`), the workers entry passes its bindings' string vars.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/**
 * A mail sender: an address, or a name and an address in angle brackets. Refused at start with
 * the variable's name when it is neither (a typo would otherwise surface as every mail refused).
 */
const sender = (name: string) =>
  optionalString.pipe(
    z
      .string()
      .regex(
        /^(?:[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+|[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>)$/,
        `${name} must be an address such as news@example.com or a name and an address such as Daftar <news@example.com>`,
      )
      .optional(),
  );

const configSchema = z.object({
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int('PORT must be a whole number')
    .min(1, 'PORT must be between 1 and 65535')
    .max(65535, 'PORT must be between 1 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^(file:|libsql:|https?:|wss?:)/, 'DATABASE_URL must start with file:, libsql:, http(s): or ws(s):')
      .optional(),
  ),
  DATABASE_AUTH_TOKEN: optionalString,
  SITE_URL: optionalString.pipe(z.url({ error: 'SITE_URL must be an absolute URL such as https://example.com' }).optional()),
  SETUP_TOKEN: optionalString.pipe(z.string().min(16, 'SETUP_TOKEN must be at least 16 characters').optional()),
  GITHUB_TOKEN: optionalString,
  GITHUB_OWNER: optionalString,
  GITHUB_REPO: optionalString,
  GITHUB_BRANCH: z.string().trim().min(1).default('main'),
  /** The secret of the repository's push webhook (POST /api/webhooks/github); unset, the endpoint answers 404. */
  GITHUB_WEBHOOK_SECRET: optionalString.pipe(
    z.string().min(16, 'GITHUB_WEBHOOK_SECRET must be at least 16 characters').optional(),
  ),
  // GitHub Enterprise (`https://host/api/v3`), or a local stand-in in tests.
  GITHUB_API_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'GITHUB_API_URL must be an http(s) URL such as https://api.github.com' })
      .default('https://api.github.com'),
  ),
  TURNSTILE_SITE_KEY: optionalString,
  TURNSTILE_SECRET_KEY: optionalString,
  TURNSTILE_VERIFY_URL: z.url().default('https://challenges.cloudflare.com/turnstile/v0/siteverify'),
  /** Largest image `POST /api/media` accepts, in bytes (default 10 MB). */
  MEDIA_MAX_BYTES: z.coerce
    .number({ error: 'MEDIA_MAX_BYTES must be a number of bytes' })
    .int('MEDIA_MAX_BYTES must be a whole number of bytes')
    .positive('MEDIA_MAX_BYTES must be positive')
    .default(10 * 1024 * 1024),
  /** Newsletter mail on Node: `smtp://user:pass@host:port` or `smtps://…` (docs: README "Mail"). */
  SMTP_URL: optionalString.pipe(
    z
      .url({ protocol: /^smtps?$/, error: 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465' })
      .optional(),
  ),
  /** The sender of every mail: `news@example.com` or `Daftar <news@example.com>`. */
  MAIL_FROM: sender('MAIL_FROM'),
  /** The sender of Persian mail (`دفتر <news@example.com>`), else MAIL_FROM (server/mail/mailer.ts: mailSenders). */
  MAIL_FROM_FA: sender('MAIL_FROM_FA'),
  /** The sender of English mail, else MAIL_FROM. */
  MAIL_FROM_EN: sender('MAIL_FROM_EN'),
  /** Newsletter mail on Workers: an HTTP email API that takes Resend's JSON (server/mail/http-mailer.ts). */
  MAIL_API_URL: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'MAIL_API_URL must be an http(s) URL' }).default('https://api.resend.com/emails'),
  ),
  MAIL_API_KEY: optionalString,
  /**
   * Outgoing webhooks may go to private, loopback and link-local addresses (a receiver on the same
   * machine or network). Off by default: the dashboard could otherwise reach inside the network
   * (SSRF). Tests turn it on for their local receiver.
   */
  OUTGOING_WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false', '1', '0', ''], { error: 'OUTGOING_WEBHOOKS_ALLOW_PRIVATE must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  /** Behind a reverse proxy: take the client address from the last X-Forwarded-For entry. */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''], { error: 'TRUST_PROXY must be true or false' })
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
});

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: Record<string, string | undefined>): AppConfig {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return result.data;
}

/** The spec's rule: GitHub integration is valid only when token, owner and repository are all set. */
export function isGithubConfigured(config: AppConfig): boolean {
  return Boolean(config.GITHUB_TOKEN && config.GITHUB_OWNER && config.GITHUB_REPO);
}

/** The spec's rule: CAPTCHA is valid only when both the site key and the secret key are set. */
export function isTurnstileConfigured(config: AppConfig): boolean {
  return Boolean(config.TURNSTILE_SITE_KEY && config.TURNSTILE_SECRET_KEY);
}
