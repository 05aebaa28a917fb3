import { z } from 'zod';
import { allPermissions, type Permission } from './permissions';

/*
 * API keys for integrations (issue 42 §1; docs/api.md "API keys"): a named key with scopes chosen
 * from the permissions its creator holds, sent as `Authorization: Bearer <key>`. Shapes shared by
 * the server, the dashboard and the endpoint declarations.
 */

/** Every key starts with this, so secret scanners (GitHub's, gitleaks) can find a leaked one. */
export const API_KEY_PREFIX = 'dftr_';
/** The key's public part after the prefix: finds its row, and is shown in the list to tell keys apart. */
export const API_KEY_LOOKUP_CHARS = 12;
/** The secret part: 32 random bytes in base64url. Only its SHA-256 is stored. */
export const API_KEY_SECRET_CHARS = 43;
/** A key is exactly this long; anything else is refused before any lookup. */
export const API_KEY_LENGTH = API_KEY_PREFIX.length + API_KEY_LOOKUP_CHARS + API_KEY_SECRET_CHARS;
/** The shape of a key: prefix, then base64url characters (the lookup id and the secret). */
export const API_KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{${API_KEY_LOOKUP_CHARS + API_KEY_SECRET_CHARS}}$`);

/** At most this many keys per site (each is a standing credential to review). */
export const MAX_API_KEYS = 50;
export const API_KEY_NAME_MAX = 100;
/** The last-used time is written at most this often per key (not a write per request). */
export const API_KEY_LAST_USED_EVERY_MS = 60_000;

/**
 * The permissions a key may carry: every one but `integrations.manage` — a key never makes or
 * revokes keys, so a leaked one cannot leave behind another that outlives its revocation.
 */
export const apiKeyScopes = allPermissions.filter((p) => p !== 'integrations.manage') as Exclude<
  Permission,
  'integrations.manage'
>[];
export type ApiKeyScope = (typeof apiKeyScopes)[number];

export const apiKeyCreateSchema = z.object({
  name: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(API_KEY_NAME_MAX, 'validation.tooLong')
    .meta({ description: 'What the key is for (shown in the list), 1–100 characters.' }),
  scopes: z
    .array(z.enum(apiKeyScopes, 'validation.invalid'), 'validation.required')
    .min(1, 'api.apiKeyNoScopes')
    .max(apiKeyScopes.length, 'validation.invalid')
    .meta({ description: 'Permission names the key acts with; each must be one its creator holds.' }),
  expiresAt: z.iso
    .datetime({ offset: true, error: 'validation.dateTime' })
    .optional()
    .meta({ description: 'When the key stops working (ISO 8601 with its offset); left out, it lasts until revoked.' }),
});
export type ApiKeyInput = z.infer<typeof apiKeyCreateSchema>;

/** A key as the list shows it: never its secret (only the public start, `dftr_` and the lookup id). */
export type ApiKeyItem = {
  id: number;
  name: string;
  /** `dftr_` and the key's public lookup id: the first characters of the key, to tell keys apart. */
  start: string;
  scopes: ApiKeyScope[];
  createdAt: string;
  createdBy: { id: string; displayName: string } | null;
  lastUsedAt: string | null;
  expiresAt: string | null;
};
