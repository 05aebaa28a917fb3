import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`);

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    username: text('username').notNull(),
    /**
     * `userNameKey(username)` (common/user-name.ts): the folded name that uniqueness and sign-in
     * compare («علي» and «علی», «Ali» and «ali» are one key). Set in JS wherever a name is written;
     * its unique index is what stops two spellings of one name racing through registration.
     */
    usernameKey: text('username_key').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    displayName: text('display_name').notNull(),
    about: text('about').notNull().default(''),
    avatarUrl: text('avatar_url'),
    /**
     * The confirmed e-mail address (optional), as typed; addresses compare lower-cased (the unique
     * index on `lower(email)`, common/email.ts). Shown only to the account itself and to holders
     * of `users.edit`.
     */
    email: text('email'),
    /**
     * A new address waiting for its mailed confirmation link; the confirmed `email` above stays
     * in use until the link is opened. Only the SHA-256 of the link's token is stored.
     */
    pendingEmail: text('pending_email'),
    pendingEmailTokenHash: text('pending_email_token_hash'),
    pendingEmailExpiresAt: integer('pending_email_expires_at', { mode: 'timestamp_ms' }),
    /** The language mails to this account are written in ('fa' | 'en'); null: the site's default. */
    locale: text('locale'),
    /** Opt-in mail notifications (server/services/notifications.ts), off until the account turns them on. */
    notifyReplies: integer('notify_replies', { mode: 'boolean' }).notNull().default(false),
    notifyModeration: integer('notify_moderation', { mode: 'boolean' }).notNull().default(false),
    /** The owner's weekly digest (server/services/weekly-digest.ts), off until turned on. */
    notifyDigest: integer('notify_digest', { mode: 'boolean' }).notNull().default(false),
    /** The ISO week ('2026-W48') of the last digest sent to this account: never twice in a week. */
    digestSentWeek: text('digest_sent_week'),
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    /**
     * A deleted account stays as a tombstone (disabled, no password, no roles, its user name
     * freed) so the builds, changes and comments it wrote keep their author name.
     */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('users_username_key_unique').on(t.usernameKey),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_pending_email_token_idx').on(t.pendingEmailTokenHash),
  ],
);
export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const roles = sqliteTable(
  'roles',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** JSON array of permission names from the catalogue (server/auth/permissions.ts). */
    permissions: text('permissions', { mode: 'json' }).$type<string[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('roles_name_unique').on(t.name)],
);
export type Role = typeof roles.$inferSelect;

export const userRoles = sqliteTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

/** A device is a browser identified by its secp256k1 public key (docs/spec.md §3 device identity). */
export const devices = sqliteTable(
  'devices',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pubkey: text('pubkey').notNull(),
    name: text('name').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('devices_user_pubkey_unique').on(t.userId, t.pubkey)],
);
export type Device = typeof devices.$inferSelect;

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself is only ever in the cookie. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').references(() => devices.id, { onDelete: 'set null' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** Opened with a second factor or a passkey, or a factor was turned on in it (docs/security.md, F-42). */
    twoFactor: integer('two_factor', { mode: 'boolean' }).notNull().default(false),
    /** When the session last proved the password or a second factor: at sign-in, or confirmed again (F-46). */
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);
export type Session = typeof sessions.$inferSelect;

/**
 * One-time password reset links an administrator hands out (valid 24 h, single use). Only the
 * SHA-256 of the token is stored; the token itself is in the link alone.
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
export type PasswordReset = typeof passwordResets.$inferSelect;

/**
 * Notification mails waiting to go out (server/services/notifications.ts), sent by the
 * `notification-mails` background job. A row is claimed (`queued` → `sending`) before its mail
 * is sent; one left `sending` by a crash is not sent again (it may have gone out): it becomes
 * `failed`, as newsletter deliveries do.
 */
export const notificationMails = sqliteTable(
  'notification_mails',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['reply', 'moderation'] }).notNull(),
    /** The comment the mail is about (a reply to the account's comment, or one awaiting moderation). */
    commentId: integer('comment_id').notNull(),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    createdAt: createdAt(),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    error: text('error'),
  },
  (t) => [
    uniqueIndex('notification_mails_unique').on(t.userId, t.kind, t.commentId),
    index('notification_mails_status_idx').on(t.status, t.createdAt),
  ],
);
export type NotificationMail = typeof notificationMails.$inferSelect;
