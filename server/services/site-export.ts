import { and, eq, isNull, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { z } from 'zod';
import { isValidHeadCode } from '../../common/head-code';
import { locales } from '../../common/locales';
import { allPermissions, isPermission, OWNER_ROLE } from '../../common/permissions';
import { isHttpUrl } from '../../common/site-path';
import { userNameKey } from '../../common/user-name';
import { MAX_PASSWORD_ITERATIONS, PASSWORD_ITERATIONS, storedHashIterations } from '../auth/password';
import type { Database } from '../db/database';
import { splitStatements } from '../db/limits';
import { comments, newsletterSubscribers, roles, settings, userRoles, users } from '../db/schema';
import { isValidAppearance } from './appearance';
import { NOTIFICATION_SECRET_KEY } from './notifications';
import { APPEARANCE_KEY, HEAD_CODE_KEY, INSTALLED_AT_KEY, SITE_ADDRESS_KEY } from './site';

/*
 * `npm run daftar -- export` / `import` (docs/operating.md "JSON export"): the site's people and
 * their words as one portable JSON document — users, roles, role assignments, settings, comments
 * and newsletter subscribers — so a site can move between Node and Workers (D1) or be read by a
 * person. Platform-neutral: it works on the Drizzle database alone; the Node CLI reads and writes
 * the file. Content and media live in git and move with the repository, not here.
 */

export const EXPORT_FORMAT = 'daftar-export';
export const EXPORT_VERSION = 1;
/** The largest file `import` reads: far above a real site's people and comments, far below memory trouble. */
export const MAX_EXPORT_BYTES = 100 * 1024 * 1024;
/** Settings rows the installer writes to record its own progress: imported only where missing, never overwritten. */
const INSTALLER_KEYS = new Set([INSTALLED_AT_KEY, SITE_ADDRESS_KEY, 'defaults_loaded_at']);
/** The hash a user gets without one in the file: matches no password, like a deleted account's. */
const NO_PASSWORD = '!';

/** Refusals of the file itself, before anything is written. */
export class ExportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFileError';
  }
}

// ---- the format -------------------------------------------------------------------------------

const isoDate = z.iso.datetime({ offset: true }).transform((value) => new Date(value));
const optionalDate = isoDate.nullable().default(null);
/** Any JSON value (settings values are free-form documents). */
const jsonValue: z.ZodType<unknown> = z.lazy(() =>
  z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(jsonValue), z.record(z.string(), jsonValue)]),
);
const text = (max: number) => z.string().max(max);

const userSchema = z.object({
  id: z.string().min(1).max(100),
  username: z.string().min(1).max(100),
  firstName: text(200),
  lastName: text(200),
  displayName: text(400),
  about: text(2000).default(''),
  /** Shown as an image to every reader of a thread: an absolute http(s) address only (F-31). */
  avatarUrl: text(2000).refine(isHttpUrl, { message: 'an avatar is an absolute http(s) address' }).nullable().default(null),
  disabledAt: optionalDate,
  deletedAt: optionalDate,
  createdAt: isoDate,
  updatedAt: optionalDate,
  /** Only with `--with-secrets`: the PBKDF2 hash as stored (server/auth/password.ts). */
  passwordHash: text(500).optional(),
});

const roleSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(100),
  description: text(1000).default(''),
  permissions: z.array(z.string().refine(isPermission, { message: 'not a permission this Daftar knows' })),
  createdAt: isoDate,
});

const commentSchema = z.object({
  id: z.number().int().positive(),
  locale: z.enum(locales),
  pageSlug: text(1000),
  userId: z.string().min(1).max(100),
  parentId: z.number().int().positive().nullable().default(null),
  body: text(20_000),
  status: z.enum(['pending', 'approved', 'spam']),
  createdAt: isoDate,
  updatedAt: optionalDate,
});

const subscriberSchema = z.object({
  email: z.string().min(3).max(320).includes('@'),
  locale: z.enum(locales),
  status: z.enum(['pending', 'subscribed', 'unsubscribed']),
  userId: z.string().min(1).max(100).nullable().default(null),
  createdAt: isoDate,
  unsubscribedAt: optionalDate,
  confirmedAt: optionalDate,
});

export const siteExportSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1).max(EXPORT_VERSION),
  exportedAt: isoDate,
  withSecrets: z.boolean(),
  users: z.array(userSchema),
  roles: z.array(roleSchema),
  userRoles: z.array(z.object({ userId: z.string().min(1).max(100), roleId: z.string().min(1).max(100) })),
  settings: z.array(
    z
      .object({
        key: z.string().min(1).max(200),
        value: jsonValue.refine((value) => value !== null, 'a setting needs a value'),
        updatedAt: isoDate,
      })
      // Head code puts scripts on every public page: a file gets no further than the Code screen would.
      .refine((row) => row.key !== HEAD_CODE_KEY || isValidHeadCode(row.value), {
        message: 'the head code is not accepted by Settings → Code (only meta, link and https script tags)',
        path: ['value'],
      })
      // The appearance's CSS and accent reach every public page: the same checks as the Appearance screen.
      .refine((row) => row.key !== APPEARANCE_KEY || isValidAppearance(row.value), {
        message: 'the appearance is not accepted by Settings → Appearance (an installed theme, AA contrast, safe CSS)',
        path: ['value'],
      }),
  ),
  comments: z.array(commentSchema),
  subscribers: z.array(subscriberSchema),
});
/** A validated export (dates as `Date`). */
export type SiteExport = z.output<typeof siteExportSchema>;
/** The document as written to the file (dates as ISO strings). */
export type SiteExportFile = z.input<typeof siteExportSchema>;

// ---- export -----------------------------------------------------------------------------------

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The whole export as a JSON-ready document; password hashes only when `withSecrets`. */
export async function exportSite(db: Database, { withSecrets = false } = {}): Promise<SiteExportFile> {
  // One read transaction would be nicer, but D1 has none; the CLI exports a site at rest or near it.
  const [userRows, roleRows, assignmentRows, settingRows, commentRows, subscriberRows] = await Promise.all([
    db.select().from(users).orderBy(users.createdAt, users.id),
    db.select().from(roles).orderBy(roles.createdAt, roles.id),
    db.select().from(userRoles).orderBy(userRoles.userId, userRoles.roleId),
    db.select().from(settings).orderBy(settings.key),
    db.select().from(comments).orderBy(comments.id),
    db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id),
  ]);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    withSecrets,
    users: userRows.map((user) => ({
      id: user.id,
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      displayName: user.displayName,
      about: user.about,
      avatarUrl: user.avatarUrl,
      disabledAt: iso(user.disabledAt),
      deletedAt: iso(user.deletedAt),
      createdAt: user.createdAt.toISOString(),
      updatedAt: iso(user.updatedAt),
      ...(withSecrets ? { passwordHash: user.passwordHash } : {}),
    })),
    roles: roleRows.map((role) => ({
      id: role.id,
      name: role.name,
      description: role.description,
      permissions: role.permissions,
      createdAt: role.createdAt.toISOString(),
    })),
    userRoles: assignmentRows,
    // The notification links' signing secret stays with its site (a new site makes its own).
    settings: settingRows
      .filter((row) => row.key !== NOTIFICATION_SECRET_KEY)
      .map((row) => ({ key: row.key, value: row.value, updatedAt: row.updatedAt.toISOString() })),
    comments: commentRows.map((comment) => ({
      id: comment.id,
      locale: comment.locale,
      pageSlug: comment.pageSlug,
      userId: comment.userId,
      parentId: comment.parentId,
      body: comment.body,
      status: comment.status,
      createdAt: comment.createdAt.toISOString(),
      updatedAt: iso(comment.updatedAt),
    })),
    subscribers: subscriberRows.map((row) => ({
      email: row.email,
      locale: row.locale,
      status: row.status,
      userId: row.userId,
      createdAt: row.createdAt.toISOString(),
      unsubscribedAt: iso(row.unsubscribedAt),
      confirmedAt: iso(row.confirmedAt),
    })),
  };
}

// ---- reading a file ---------------------------------------------------------------------------

/** The path of the first `__proto__` key anywhere in a parsed document, if any. */
function prototypeKeyPath(value: unknown, at: (string | number)[] = []): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return [...at, key].join('.');
    const found = prototypeKeyPath((value as Record<string, unknown>)[key], [...at, Array.isArray(value) ? Number(key) : key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Parses and validates an export's text: its size, JSON, no `__proto__` keys, format and version
 * (a newer one is refused), then every field; the error names the path of the first bad one.
 */
export function parseSiteExport(textIn: string, { maxBytes = MAX_EXPORT_BYTES } = {}): SiteExport {
  const bytes = new TextEncoder().encode(textIn).length;
  if (bytes > maxBytes) throw new ExportFileError(`The file is ${bytes} bytes; an import reads at most ${maxBytes}.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(textIn);
  } catch (error) {
    throw new ExportFileError(`The file is not JSON (${error instanceof Error ? error.message : String(error)}).`);
  }
  const head = z.object({ format: z.string(), version: z.number() }).safeParse(parsed);
  if (!head.success || head.data.format !== EXPORT_FORMAT)
    throw new ExportFileError(`The file is not a Daftar export (no "format": "${EXPORT_FORMAT}").`);
  if (head.data.version > EXPORT_VERSION)
    throw new ExportFileError(
      `The file was made by a newer Daftar (export format ${head.data.version}; this one reads up to ${EXPORT_VERSION}): update first.`,
    );
  let unsafe: string | undefined;
  let result: ReturnType<typeof siteExportSchema.safeParse>;
  try {
    unsafe = prototypeKeyPath(parsed);
    result = siteExportSchema.safeParse(parsed);
  } catch (error) {
    if (error instanceof RangeError) throw new ExportFileError('The file is nested too deeply to be a Daftar export.');
    throw error;
  }
  if (unsafe) throw new ExportFileError(`${unsafe}: a "__proto__" key is not allowed.`);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new ExportFileError(`${issue?.path.join('.') || '(top)'}: ${issue?.message ?? 'invalid'}.`);
  }
  return result.data;
}

// ---- import -----------------------------------------------------------------------------------

const kinds = ['users', 'roles', 'userRoles', 'settings', 'comments', 'subscribers'] as const;
type Kind = (typeof kinds)[number];
export type ImportReport = {
  created: Record<Kind, number>;
  updated: Record<Kind, number>;
  unchanged: Record<Kind, number>;
  /** Entries left out, each with why (a name taken by someone else, a conflicting id…). */
  skipped: { kind: Kind; id: string; reason: string }[];
  /** Users created without a password hash: they sign in only after a password reset. */
  withoutPassword: string[];
  /** A dry run: the plan was computed, nothing was written. */
  dryRun: boolean;
};

const counter = () => Object.fromEntries(kinds.map((kind) => [kind, 0])) as Record<Kind, number>;
const ms = (date: Date | null | undefined) => (date ? date.getTime() : null);

/** JSON with sorted keys, so two equal documents compare equal whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function requireUnique<T>(items: T[], keyOf: (item: T) => string, where: string, what: string) {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    const key = keyOf(item);
    if (seen.has(key)) throw new ExportFileError(`${where}.${index}: ${what} "${key}" appears twice in the file.`);
    seen.add(key);
  });
}

/**
 * A password hash must be one this site could have written (F-24): the scheme of
 * server/auth/password.ts with a count from what this site writes (`AppDeps.passwordIterations`,
 * 600 000 outside tests) up to `MAX_PASSWORD_ITERATIONS`. `!` is an account without a password.
 */
function checkPasswordHashes(data: SiteExport, writes: number) {
  data.users.forEach((user, index) => {
    if (user.passwordHash === undefined || user.passwordHash === NO_PASSWORD) return;
    const iterations = storedHashIterations(user.passwordHash);
    if (iterations === null || iterations < writes || iterations > MAX_PASSWORD_ITERATIONS)
      throw new ExportFileError(
        `users.${index}.passwordHash: not a password hash this Daftar writes (PBKDF2 with ${writes} to ${MAX_PASSWORD_ITERATIONS} iterations).`,
      );
  });
}

/**
 * A reply answers an earlier comment (F-31): ids grow, so its parent's id is lower than its own.
 * That one rule refuses a comment that answers itself and every parent cycle (a cycle needs a
 * step to a higher id), and lets parents be written before their replies.
 */
function checkCommentParents(data: SiteExport) {
  data.comments.forEach((comment, index) => {
    if (comment.parentId === null) return;
    if (comment.parentId === comment.id)
      throw new ExportFileError(`comments.${index}.parentId: comment ${comment.id} cannot answer itself.`);
    if (comment.parentId > comment.id)
      throw new ExportFileError(
        `comments.${index}.parentId: comment ${comment.id} answers a later comment (${comment.parentId}); a reply's parent has a lower id, so parents cannot form a cycle.`,
      );
  });
}

/**
 * Imports an export into this site. Idempotent: entries are matched by id (subscribers by
 * address, settings by key) and only what differs is written, so a second run changes nothing.
 * Every reference (a role, a user, a parent comment) must be in the file or already on the site,
 * or the import is refused before anything is written; all writes then go in one batch (one
 * transaction), so an import lands whole or not at all.
 *
 * What is kept as it is on this site, and reported as skipped: a user whose id is new but whose
 * user name another account holds (and whatever depends on that user); a role whose name another
 * role holds; a comment id that is another comment here; a subscriber address already on this
 * site's list with another status (the reader's choice here wins). Users without a password hash
 * in the file get none: they sign in after a password reset (`reset-password USER`).
 */
export async function importSite(
  db: Database,
  data: SiteExport,
  { dryRun = false, passwordIterations = PASSWORD_ITERATIONS } = {},
): Promise<ImportReport> {
  checkFile(data, passwordIterations);
  const here = await readSite(db);
  checkReferences(data, here);
  const plan = newPlan(db, dryRun);
  planRoles(plan, data.roles, here.roles);
  planUsers(plan, data.users, here.users);
  planAssignments(plan, data.userRoles, here.userRoles);
  planSettings(plan, data.settings, here.settings);
  planComments(plan, data.comments, here.comments);
  planSubscribers(plan, data.subscribers, here.subscribers);
  if (dryRun || plan.statements.length === 0) return plan.report;
  await db.batch(plan.statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
  return plan.report;
}

/** What the file must be on its own: password hashes this site could have written, parents before replies, nothing twice. */
function checkFile(data: SiteExport, passwordIterations: number) {
  checkPasswordHashes(data, passwordIterations);
  checkCommentParents(data);
  requireUnique(data.users, (user) => user.id, 'users', 'user id');
  requireUnique(data.users, (user) => user.username.toLowerCase(), 'users', 'user name');
  requireUnique(data.roles, (role) => role.id, 'roles', 'role id');
  requireUnique(data.roles, (role) => role.name, 'roles', 'role name');
  requireUnique(data.userRoles, (pair) => `${pair.userId} ${pair.roleId}`, 'userRoles', 'assignment');
  requireUnique(data.settings, (row) => row.key, 'settings', 'key');
  requireUnique(data.comments, (comment) => String(comment.id), 'comments', 'comment id');
  requireUnique(data.subscribers, (row) => row.email.toLowerCase(), 'subscribers', 'address');
}

/** This site's rows of every kind the file carries. */
async function readSite(db: Database) {
  const [userRows, roleRows, assignmentRows, settingRows, commentRows, subscriberRows] = await Promise.all([
    db.select().from(users),
    db.select().from(roles),
    db.select().from(userRoles),
    db.select().from(settings),
    db.select().from(comments),
    db.select().from(newsletterSubscribers),
  ]);
  return {
    users: userRows,
    roles: roleRows,
    userRoles: assignmentRows,
    settings: settingRows,
    comments: commentRows,
    subscribers: subscriberRows,
  };
}
type SiteRows = Awaited<ReturnType<typeof readSite>>;

/** References first: a file that names a role, user or comment nobody has is refused whole. */
function checkReferences(data: SiteExport, here: SiteRows) {
  const roleIds = new Set([...here.roles.map((role) => role.id), ...data.roles.map((role) => role.id)]);
  const userIds = new Set([...here.users.map((user) => user.id), ...data.users.map((user) => user.id)]);
  const commentIds = new Set([...here.comments.map((comment) => comment.id), ...data.comments.map((comment) => comment.id)]);
  data.userRoles.forEach((pair, index) => {
    if (!roleIds.has(pair.roleId))
      throw new ExportFileError(`userRoles.${index}.roleId: the role "${pair.roleId}" is neither in the file nor on this site.`);
    if (!userIds.has(pair.userId))
      throw new ExportFileError(`userRoles.${index}.userId: the user "${pair.userId}" is neither in the file nor on this site.`);
  });
  data.comments.forEach((comment, index) => {
    if (!userIds.has(comment.userId))
      throw new ExportFileError(
        `comments.${index}.userId: the user "${comment.userId}" is neither in the file nor on this site.`,
      );
    if (comment.parentId !== null && !commentIds.has(comment.parentId))
      throw new ExportFileError(
        `comments.${index}.parentId: the comment ${comment.parentId} is neither in the file nor on this site.`,
      );
  });
  data.subscribers.forEach((row, index) => {
    if (row.userId !== null && !userIds.has(row.userId))
      throw new ExportFileError(`subscribers.${index}.userId: the user "${row.userId}" is neither in the file nor on this site.`);
  });
}

/** The writes to make, in order, the report, and what was skipped so far (what depends on it is skipped too). */
type ImportPlan = {
  db: Database;
  statements: BatchItem<'sqlite'>[];
  report: ImportReport;
  skippedRoles: Set<string>;
  skippedUsers: Set<string>;
  skip: (kind: Kind, id: string, reason: string) => void;
};

function newPlan(db: Database, dryRun: boolean): ImportPlan {
  const report: ImportReport = {
    created: counter(),
    updated: counter(),
    unchanged: counter(),
    skipped: [],
    withoutPassword: [],
    dryRun,
  };
  return {
    db,
    statements: [],
    report,
    skippedRoles: new Set(),
    skippedUsers: new Set(),
    skip: (kind, id, reason) => report.skipped.push({ kind, id, reason }),
  };
}

/** Roles, by id; the owner role always holds every permission, whatever the file says. */
function planRoles(
  { db, statements, report, skip, skippedRoles }: ImportPlan,
  file: SiteExport['roles'],
  roleRows: SiteRows['roles'],
) {
  const rolesById = new Map(roleRows.map((role) => [role.id, role]));
  for (const role of file) {
    const permissions = role.id === OWNER_ROLE ? [...allPermissions] : role.permissions;
    const existing = rolesById.get(role.id);
    const namedLikeThis = roleRows.find((other) => other.name === role.name && other.id !== role.id);
    if (namedLikeThis) {
      skippedRoles.add(role.id);
      skip('roles', role.id, `the name "${role.name}" belongs to the role "${namedLikeThis.id}" here`);
    } else if (!existing) {
      statements.push(db.insert(roles).values({ ...role, permissions }));
      report.created.roles += 1;
    } else if (
      existing.name !== role.name ||
      existing.description !== role.description ||
      canonical([...existing.permissions].sort()) !== canonical([...permissions].sort())
    ) {
      statements.push(
        db.update(roles).set({ name: role.name, description: role.description, permissions }).where(eq(roles.id, role.id)),
      );
      report.updated.roles += 1;
    } else report.unchanged.roles += 1;
  }
}

/** Users, by id; a user name held by another account here keeps that account and skips this one. */
function planUsers(
  { db, statements, report, skip, skippedUsers }: ImportPlan,
  file: SiteExport['users'],
  userRows: SiteRows['users'],
) {
  const usersById = new Map(userRows.map((user) => [user.id, user]));
  for (const user of file) {
    const existing = usersById.get(user.id);
    const key = userNameKey(user.username);
    const holder = userRows.find((other) => other.usernameKey === key && other.id !== user.id);
    if (holder) {
      skippedUsers.add(user.id);
      skip('users', user.id, `the user name "${user.username}" belongs to another account here (${holder.id})`);
      continue;
    }
    const { passwordHash, ...profile } = user;
    if (!existing) {
      statements.push(db.insert(users).values({ ...profile, usernameKey: key, passwordHash: passwordHash ?? NO_PASSWORD }));
      report.created.users += 1;
      if (!passwordHash && !user.deletedAt) report.withoutPassword.push(user.username);
      continue;
    }
    const changed =
      existing.username !== user.username ||
      existing.firstName !== user.firstName ||
      existing.lastName !== user.lastName ||
      existing.displayName !== user.displayName ||
      existing.about !== user.about ||
      existing.avatarUrl !== user.avatarUrl ||
      ms(existing.disabledAt) !== ms(user.disabledAt) ||
      ms(existing.deletedAt) !== ms(user.deletedAt) ||
      (passwordHash !== undefined && existing.passwordHash !== passwordHash);
    if (changed) {
      const { id, createdAt, ...fields } = profile;
      statements.push(
        db
          .update(users)
          .set({ ...fields, usernameKey: key, ...(passwordHash !== undefined ? { passwordHash } : {}) })
          .where(eq(users.id, id)),
      );
      report.updated.users += 1;
    } else report.unchanged.users += 1;
  }
}

/** Role assignments are added, never taken away: an import does not demote anyone here. */
function planAssignments(plan: ImportPlan, file: SiteExport['userRoles'], assignmentRows: SiteRows['userRoles']) {
  const { db, statements, report, skip, skippedUsers, skippedRoles } = plan;
  const assigned = new Set(assignmentRows.map((pair) => `${pair.userId} ${pair.roleId}`));
  for (const pair of file) {
    const key = `${pair.userId} ${pair.roleId}`;
    if (skippedUsers.has(pair.userId)) skip('userRoles', key, `the user "${pair.userId}" was skipped`);
    else if (skippedRoles.has(pair.roleId)) skip('userRoles', key, `the role "${pair.roleId}" was skipped`);
    else if (assigned.has(key)) report.unchanged.userRoles += 1;
    else {
      statements.push(db.insert(userRoles).values(pair));
      report.created.userRoles += 1;
    }
  }
}

/** Settings, by key; a changed value moves `updated_at` forward so cached pages are rebuilt. */
function planSettings({ db, statements, report }: ImportPlan, file: SiteExport['settings'], settingRows: SiteRows['settings']) {
  const settingsByKey = new Map(settingRows.map((row) => [row.key, row]));
  for (const row of file) {
    const existing = settingsByKey.get(row.key);
    if (!existing) {
      statements.push(db.insert(settings).values({ key: row.key, value: row.value as object, updatedAt: new Date() }));
      report.created.settings += 1;
    } else if (INSTALLER_KEYS.has(row.key) || canonical(existing.value) === canonical(row.value)) {
      report.unchanged.settings += 1;
    } else {
      const bumped = sql`CAST(max(unixepoch('subsec') * 1000, ${settings.updatedAt} + 1) AS INTEGER)`;
      statements.push(
        db
          .update(settings)
          .set({ value: row.value as object, updatedAt: bumped })
          .where(eq(settings.key, row.key)),
      );
      report.updated.settings += 1;
    }
  }
}

/** Comments, by id, parents before replies; an id that is another comment here is skipped with its replies. */
function planComments(plan: ImportPlan, file: SiteExport['comments'], commentRows: SiteRows['comments']) {
  const { db, statements, report, skip, skippedUsers } = plan;
  const commentsById = new Map(commentRows.map((comment) => [comment.id, comment]));
  const skippedComments = new Set<number>();
  const newComments: SiteExport['comments'] = [];
  for (const comment of [...file].sort((a, b) => a.id - b.id)) {
    const existing = commentsById.get(comment.id);
    const key = String(comment.id);
    if (skippedUsers.has(comment.userId)) {
      skippedComments.add(comment.id);
      skip('comments', key, `its author "${comment.userId}" was skipped`);
    } else if (comment.parentId !== null && skippedComments.has(comment.parentId)) {
      skippedComments.add(comment.id);
      skip('comments', key, `the comment it answers (${comment.parentId}) was skipped`);
    } else if (!existing) {
      newComments.push(comment);
      report.created.comments += 1;
    } else if (
      existing.userId !== comment.userId ||
      existing.locale !== comment.locale ||
      existing.pageSlug !== comment.pageSlug ||
      ms(existing.createdAt) !== ms(comment.createdAt)
    ) {
      skippedComments.add(comment.id);
      skip('comments', key, `comment ${comment.id} is another comment on this site`);
    } else if (
      existing.body !== comment.body ||
      existing.status !== comment.status ||
      existing.parentId !== comment.parentId ||
      ms(existing.updatedAt) !== ms(comment.updatedAt)
    ) {
      statements.push(
        db
          .update(comments)
          .set({ body: comment.body, status: comment.status, parentId: comment.parentId, updatedAt: comment.updatedAt })
          .where(eq(comments.id, comment.id)),
      );
      report.updated.comments += 1;
    } else report.unchanged.comments += 1;
  }
  // New comments as multi-row inserts, each within D1's statement limits: one statement object per
  // row cost about 10 KB of memory apiece (F-25). Ids ascend, so parents still come before replies.
  statements.push(...splitStatements(newComments, (part) => db.insert(comments).values(part)));
}

/** Subscribers, by address (any case); one already on this list is left as the reader set it here. */
function planSubscribers(plan: ImportPlan, file: SiteExport['subscribers'], subscriberRows: SiteRows['subscribers']) {
  const { db, statements, report, skip, skippedUsers } = plan;
  const subscribersByEmail = new Map(subscriberRows.map((row) => [row.email.toLowerCase(), row]));
  for (const row of file) {
    const existing = subscribersByEmail.get(row.email.toLowerCase());
    const userId = row.userId && !skippedUsers.has(row.userId) ? row.userId : null;
    if (!existing) {
      statements.push(db.insert(newsletterSubscribers).values({ ...row, userId }));
      report.created.subscribers += 1;
    } else if (
      existing.status === row.status &&
      existing.locale === row.locale &&
      ms(existing.confirmedAt) === ms(row.confirmedAt) &&
      ms(existing.unsubscribedAt) === ms(row.unsubscribedAt)
    ) {
      report.unchanged.subscribers += 1;
    } else skip('subscribers', row.email, `the address is on this site's list already (${existing.status}); kept as it is`);
  }
}

/** Whether this database holds an active owner (the CLI says so after an import into an empty one). */
export async function hasActiveOwner(db: Database) {
  const row = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(eq(userRoles.roleId, OWNER_ROLE), isNull(users.disabledAt)))
    .get();
  return Boolean(row);
}
