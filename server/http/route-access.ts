import type { Permission } from '../auth/permissions';

/**
 * Who may call each API route — the single table the authorisation middleware reads
 * (server/http/guards.ts) and the authorisation-matrix test checks. A route missing here is
 * refused (fail closed), and the test names it.
 *
 * - `public`: anyone; `setup`: an installer step — `authorize` asks for the setup token on every
 *   method but GET/HEAD, and refuses it once the site is installed;
 * - `half-signed`: the second step of signing in — the half-signed cookie a correct password gave to
 *   an account with two factors (docs/security.md "Two-factor sign-in"); no session is read, and
 *   no other route takes that cookie;
 * - `user`: any signed-in user; a permission name: users whose roles grant it;
 * - `owner`: holders of the owner role only — for what no permission can be split off from
 *   (a backup holds every account's secrets). The user routes below also stop at the owner line
 *   inside their service (server/services/grants.ts): only an owner gives, takes away or acts on
 *   the owner role, whatever permissions the caller's roles hold.
 */
export type Access = 'public' | 'setup' | 'half-signed' | 'user' | 'owner' | Permission;

export const routeAccess: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/install/status': 'public',
  'GET /api/install/database-connections': 'public',
  'POST /api/install/verify-token': 'setup',
  'POST /api/install/migrations-run': 'setup',
  'POST /api/install/database-loading': 'setup',
  'POST /api/install/admin-loading': 'setup',
  'GET /api/_auth/session': 'public',
  'DELETE /api/_auth/session': 'public',
  'POST /api/auth/register': 'public',
  'POST /api/auth/login': 'public',
  // Two-factor sign-in: the second step (half-signed), password-less passkey sign-in (public; the
  // proof is the credential), the account's own factors, and an administrator's reset.
  'GET /api/auth/two-factor': 'half-signed',
  'DELETE /api/auth/two-factor': 'half-signed',
  'POST /api/auth/two-factor/verify': 'half-signed',
  'POST /api/auth/two-factor/passkey/options': 'half-signed',
  'POST /api/auth/two-factor/passkey': 'half-signed',
  'POST /api/auth/two-factor/totp': 'half-signed',
  'POST /api/auth/two-factor/totp/enable': 'half-signed',
  'POST /api/auth/two-factor/passkeys/options': 'half-signed',
  'POST /api/auth/two-factor/passkeys': 'half-signed',
  'POST /api/auth/passkey/options': 'public',
  'POST /api/auth/passkey': 'public',
  'GET /api/profile/security': 'user',
  'POST /api/profile/security/totp': 'user',
  'POST /api/profile/security/totp/enable': 'user',
  'DELETE /api/profile/security/totp': 'user',
  'POST /api/profile/security/recovery-codes': 'user',
  'POST /api/profile/security/passkeys/options': 'user',
  'POST /api/profile/security/passkeys': 'user',
  'DELETE /api/profile/security/passkeys/:id': 'user',
  'POST /api/users/:id/two-factor-reset': 'users.edit',
  // Whether staff must sign in with two factors: an owner's decision, like the backup.
  'GET /api/settings/security': 'owner',
  'PUT /api/settings/security': 'owner',
  // Issue 27: recovery by mail (always 202, no enumeration) and the mailed links' public ends.
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/confirm-email': 'public',
  'POST /api/notifications/unsubscribe': 'public',
  'GET /api/profile': 'user',
  'PATCH /api/profile': 'user',
  'POST /api/profile/password': 'user',
  'DELETE /api/profile/devices/:id': 'user',
  'PUT /api/profile/email': 'user',
  'POST /api/profile/email/resend': 'user',
  'PUT /api/profile/notifications': 'user',
  'GET /api/users': 'users.read',
  'POST /api/users': 'users.create',
  'PUT /api/users/:id/roles': 'users.edit',
  'POST /api/users/:id/disable': 'users.edit',
  'POST /api/users/:id/enable': 'users.edit',
  'PUT /api/users/:id/email': 'users.edit',
  'DELETE /api/users/:id': 'users.delete',
  // A one-time reset link for an administrator to hand over; its public end takes the token.
  'POST /api/users/:id/password-reset': 'users.edit',
  'POST /api/auth/password-reset': 'public',
  'GET /api/roles': 'roles.read',
  'POST /api/roles': 'roles.create',
  'PATCH /api/roles/:id': 'roles.edit',
  'DELETE /api/roles/:id': 'roles.delete',
  'POST /api/content/sync': 'builds.create',
  // The progress of the re-index in progress, or the last one (the builds screen polls it).
  'GET /api/content/sync': 'builds.read',
  // Authoring (docs/content.md "Writing and publishing"): reading pages is part of the dashboard,
  // every edit is a commit of the open build, publishing and reverting make builds.
  // The overview's page views (docs/analytics.md).
  'GET /api/analytics': 'dashboard.read',
  'GET /api/pages': 'dashboard.read',
  'GET /api/pages/:locale/:path{.+}': 'dashboard.read',
  'POST /api/pages/preview': 'commits.create',
  'POST /api/pages/bulk': 'commits.create',
  'PUT /api/pages/:locale/:path{.+}': 'commits.create',
  'DELETE /api/pages/:locale/:path{.+}': 'commits.create',
  'POST /api/pages/:locale/:path{.+}/move': 'commits.create',
  // A page's history (git log of its file) and its shareable previews (issue 26).
  'GET /api/pages/:locale/:path{.+}/history': 'dashboard.read',
  'GET /api/pages/:locale/:path{.+}/history/:commit': 'dashboard.read',
  'GET /api/pages/:locale/:path{.+}/preview-links': 'commits.create',
  'POST /api/pages/:locale/:path{.+}/preview-link': 'commits.create',
  'DELETE /api/preview-links/:id': 'commits.create',
  // An out-of-date translation's source diff, beside the editor (docs/content.md "Outdated translations").
  'GET /api/translations/:locale/:path{.+}': 'dashboard.read',
  'GET /api/builds': 'builds.read',
  'GET /api/builds/open': 'builds.read',
  'DELETE /api/builds/open/changes/:id': 'commits.delete',
  'POST /api/builds/publish': 'builds.create',
  'DELETE /api/builds/:id/schedule': 'builds.create',
  'POST /api/builds/:id/revert': 'builds.create',
  // The media library (docs/content.md "Media"): reading it is part of the dashboard; deleting a file is a pending change.
  'GET /api/media': 'dashboard.read',
  'POST /api/media': 'commits.create',
  'DELETE /api/media/:path{.+}': 'commits.create',
  // The headless content API (docs/api.md): published pages for any site, never a session read.
  'GET /api/public/pages': 'public',
  'GET /api/public/pages/:locale/:path{.+}': 'public',
  'GET /api/public/tags': 'public',
  // This API described in OpenAPI 3.1 (server/http/openapi.ts), for API tools and the dashboard's reference.
  'GET /api/openapi.json': 'public',
  // Site search over published pages (docs/content.md "Search").
  'GET /api/search': 'public',
  // GitHub's push deliveries: verified by their HMAC signature, not by a session.
  'POST /api/webhooks/github': 'public',
  // Outgoing webhooks (docs/outgoing-webhooks.md): the owner's alone — an endpoint receives every
  // subscriber's address and every comment, and its secret signs for the site.
  'GET /api/outgoing-webhooks': 'owner',
  'POST /api/outgoing-webhooks': 'owner',
  'PATCH /api/outgoing-webhooks/:id': 'owner',
  'DELETE /api/outgoing-webhooks/:id': 'owner',
  'POST /api/outgoing-webhooks/:id/secret': 'owner',
  'POST /api/outgoing-webhooks/:id/test': 'owner',
  'GET /api/outgoing-webhooks/:id/deliveries': 'owner',
  // Newsletter: readers subscribe, confirm and unsubscribe without an account (the tokens are the
  // proof); the dashboard's calls need the newsletter permissions.
  'POST /api/newsletter/subscribe': 'public',
  'POST /api/newsletter/confirm': 'public',
  'POST /api/newsletter/unsubscribe': 'public',
  'GET /api/newsletter/subscribers': 'newsletter.read',
  'GET /api/newsletter/subscribers/export': 'newsletter.read',
  'DELETE /api/newsletter/subscribers/:id': 'newsletter.delete',
  'POST /api/newsletter/issues': 'newsletter.edit',
  'GET /api/newsletter/issues/:id': 'newsletter.read',
  // Comments (docs/content.md "Comments"): editing and deleting one is for its author or a
  // moderator, which the service decides; the moderation list and bulk actions are the dashboard's.
  'GET /api/comments': 'public',
  'POST /api/comments': 'comments.create',
  'PATCH /api/comments/:id': 'user',
  'DELETE /api/comments/:id': 'user',
  'GET /api/manage/comments': 'comments.read',
  'POST /api/manage/comments/bulk': 'comments.edit',
  'GET /api/settings': 'settings.read',
  'PUT /api/settings': 'settings.edit',
  // The dashboard's "download a backup" (docs/operating.md): the whole database, so owners only.
  'GET /api/backup': 'owner',
};

export function accessFor(method: string, path: string): Access | undefined {
  return routeAccess[`${method} ${path}`];
}
