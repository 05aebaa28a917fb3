import { z } from 'zod';
import { tooLong } from './messages';
import { OWNER_ROLE, type Permission } from './permissions';
import { deviceNameSchema, pubkeySchema } from './schemas/account';

/** How long the half-signed state between the password and the second factor lasts. */
export const HALF_SIGNED_TTL_MS = 5 * 60 * 1000;
/** How many recovery codes a set holds. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * A typed code as the server compares it: Persian (۰–۹) and Arabic-Indic (٠–٩) digits become
 * ASCII, spaces and dashes go, letters are lower-cased (recovery codes read `abcde-12345`).
 */
export function normalizeCode(text: string): string {
  return text
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\s\u200c\u200f\u200e-]/g, '')
    .toLowerCase();
}

/** Six digits: an authenticator code; anything else typed at the second step is a recovery code. */
export function isTotpCode(normalized: string): boolean {
  return /^\d{6}$/.test(normalized);
}

/** What registration's `member` role holds (server/auth/permissions.ts): commenting, nothing more. */
export const MEMBER_PERMISSIONS: readonly Permission[] = ['comments.create'];

/**
 * Staff: an account whose roles hold any permission beyond a member's (newsletter, builds,
 * settings, users, roles…, not only those that open a dashboard page; F-42), or the owner role. A
 * site that requires two factors requires them of every such account.
 */
export function isStaff(user: { permissions: readonly string[]; roles?: readonly string[] }): boolean {
  return (
    user.permissions.some((p) => !(MEMBER_PERMISSIONS as readonly string[]).includes(p)) ||
    Boolean(user.roles?.includes(OWNER_ROLE))
  );
}

/** What a staff session without a second factor keeps while the site requires two factors: a member's rights. */
export function asMember<T extends { permissions: Permission[]; roles: string[] }>(user: T): T {
  return {
    ...user,
    permissions: user.permissions.filter((p) => MEMBER_PERMISSIONS.includes(p)),
    roles: user.roles.filter((r) => r !== OWNER_ROLE),
  };
}

/** How long a session's sign-in (or a later confirmation) lets it change its own recovery (F-46). */
export const RECENT_CONFIRMATION_MS = 10 * 60 * 1000;

/** Confirming who one is again (`POST /api/profile/security/confirm`): the password, or a code. */
export const confirmIdentitySchema = z
  .object({
    password: z.string().max(200, tooLong(200)).optional(),
    code: z.string().trim().max(40, tooLong(40)).optional(),
  })
  .refine((value) => Boolean(value.password || value.code), { message: 'validation.required', path: ['password'] });
export type ConfirmIdentity = z.infer<typeof confirmIdentitySchema>;

/** The second step as the login page asks for it (`GET /api/auth/two-factor`). */
export type SecondStepState = {
  /** The account has no factor yet and the site requires one: set one up to finish signing in. */
  setupRequired: boolean;
  totp: boolean;
  passkeys: boolean;
  recoveryCodes: boolean;
  expiresAt: string;
};

/** One passkey as the profile lists it. */
export type PasskeySummary = { id: string; name: string; createdAt: string; lastUsedAt: string | null };

/** The profile's security section (`GET /api/profile/security`). */
export type SecurityOverview = {
  totp: boolean;
  passkeys: PasskeySummary[];
  recoveryCodesLeft: number;
  /** The site requires two factors of this account. */
  required: boolean;
  /** …and this session has not proven one yet: it holds a member's rights until it does (F-42). */
  secondFactorNeeded: boolean;
};

/** A code typed at the second step or to turn the authenticator on (six digits or a recovery code). */
export const twoFactorCodeSchema = z.object({
  code: z.string().trim().min(1, 'validation.required').max(40, tooLong(40)),
});

/** A browser's WebAuthn answer as @simplewebauthn/browser gives it; the server library checks the rest. */
const webauthnResponse = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().max(1400),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().max(4096) }),
});

/**
 * A WebAuthn answer as the browser's library gives it (@simplewebauthn/browser's `…ResponseJSON`):
 * its interfaces carry no index signature, which the loose schema's input type has; the schema keeps
 * the extra fields either way.
 */
export const webauthnInput = (response: {
  id: string;
  rawId: string;
  type: 'public-key';
  response: { clientDataJSON: string };
}) => response as z.input<typeof webauthnResponse>;

export const passkeyRegisterSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(60, tooLong(60)),
  response: webauthnResponse,
});

/** A passkey proof: at the second step, or to sign in (then with the browser's device identity). */
export const passkeyProofSchema = z.object({
  response: webauthnResponse,
  pub: pubkeySchema.optional(),
  deviceName: deviceNameSchema,
});

export const securitySettingsSchema = z.object({ requireTwoFactor: z.boolean('validation.boolean') });
