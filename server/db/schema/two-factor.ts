import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`);
const userId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * An account's authenticator-app secret (RFC 6238; docs/security.md "Two-factor sign-in"). A row
 * without `enabled_at` is a set-up begun but not yet confirmed by a code: it asks for nothing at
 * sign-in. `last_step` is the last 30-second step a code was accepted for, so no step is used twice.
 */
export const totpFactors = sqliteTable('totp_factors', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32 (RFC 4648), as the authenticator app reads it. */
  secret: text('secret').notNull(),
  enabledAt: integer('enabled_at', { mode: 'timestamp_ms' }),
  lastStep: integer('last_step').notNull().default(0),
  createdAt: createdAt(),
});

/** Single-use recovery codes, ten at a time; only the SHA-256 of each code is stored. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/** WebAuthn credentials: a second factor, and a sign-in of their own. `id` is the credential id (base64url). */
export const passkeys = sqliteTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    name: text('name').notNull().default(''),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports', { mode: 'json' }).$type<string[]>().notNull(),
    backedUp: integer('backed_up', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

/**
 * The half-signed state between a correct password and the second factor: valid 5 minutes, its
 * token only in a cookie (the SHA-256 here). It is no session: only the second-step routes read
 * it. `setup_required`: the site requires two factors of this account and it has none yet.
 */
export const halfSignedStates = sqliteTable(
  'half_signed_states',
  {
    id: text('id').primaryKey(),
    userId: userId(),
    setupRequired: integer('setup_required', { mode: 'boolean' }).notNull().default(false),
    /** The device the password was typed on, recorded when the session starts. */
    devicePub: text('device_pub'),
    deviceName: text('device_name').notNull().default(''),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('half_signed_states_expires_idx').on(t.expiresAt)],
);

/**
 * WebAuthn challenges, single use and short-lived. `user_id` is the account registering a passkey
 * or proving one at the second step; null for a password-less sign-in (anyone may ask for one).
 */
export const webauthnChallenges = sqliteTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
