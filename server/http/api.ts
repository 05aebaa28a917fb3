import { Hono } from 'hono';
import { endpoints } from '../../common/endpoints';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { isDatabaseConnected } from '../services/installer';
import { createAuthRoutes, createNotificationRoutes, createProfileRoutes } from './accounts';
import { createAnalyticsRoutes } from './analytics';
import { createApiKeyRoutes } from './api-keys';
import { createBackupRoutes } from './backup';
import { createBuildRoutes } from './builds';
import { createCommentRoutes, createManageCommentRoutes } from './comments';
import { createContentApiRoutes } from './content';
import { endpointsOn } from './endpoint';
import { type AuthEnv, authorize } from './guards';
import { createInstallRoutes } from './install';
import { createMediaApiRoutes } from './media';
import { createNewsletterRoutes } from './newsletter';
import { createOpenApiRoutes } from './openapi';
import { createOutgoingWebhookRoutes, deliverQueuedEvents } from './outgoing-webhooks';
import { createPageRoutes, createPreviewLinkRoutes, createScheduleRoutes } from './pages';
import { createPublicApiRoutes } from './public-api';
import { createNotFoundRoutes, createRedirectRoutes } from './redirects-api';
import { allowKeyCors, requireSameOrigin } from './request';
import { createSearchRoutes } from './search';
import { createSessionRoutes } from './session';
import { createSettingsRoutes } from './settings';
import { createTranslationRoutes } from './translations';
import {
  createFactorResetRoutes,
  createPasskeySignInRoutes,
  createProfileSecurityRoutes,
  createSecondStepRoutes,
  createSecuritySettingsRoutes,
} from './two-factor';
import { createPasswordResetRoutes, createRoleRoutes, createUserRoutes } from './users';
import { createWebhookRoutes } from './webhooks';

/**
 * Every `/api/*` endpoint, mounted by createApp. Each area's sub-app registers its handlers by the
 * endpoint declarations (common/endpoints/: method, path, access, schemas, description);
 * `authorize` enforces their access rules for all of them.
 */
export function createApiRoutes(deps: AppDeps) {
  const api = new Hono<AuthEnv>();
  api.use('*', allowKeyCors);
  api.use('*', requireSameOrigin(deps.config));
  api.use('*', authorize(deps));
  // Outgoing webhooks: events a call queued (a publish, a comment, a confirmation) go out after its answer.
  api.use('*', deliverQueuedEvents(deps));

  endpointsOn(api, '/api')(endpoints.operating.health, async (c) => {
    if (!(await isDatabaseConnected(deps.db))) throw new AppError(503, 'api.databaseUnavailable');
    return c.json({ status: 'ok' });
  });

  api.route('/install', createInstallRoutes(deps));
  api.route('/_auth/session', createSessionRoutes(deps));
  api.route('/auth/password-reset', createPasswordResetRoutes(deps));
  api.route('/auth/two-factor', createSecondStepRoutes(deps));
  api.route('/auth/passkey', createPasskeySignInRoutes(deps));
  api.route('/auth', createAuthRoutes(deps));
  api.route('/profile/security', createProfileSecurityRoutes(deps));
  api.route('/profile', createProfileRoutes(deps));
  api.route('/users', createFactorResetRoutes(deps));
  api.route('/notifications', createNotificationRoutes(deps));
  api.route('/users', createUserRoutes(deps));
  api.route('/roles', createRoleRoutes(deps));
  api.route('/content', createContentApiRoutes(deps));
  api.route('/pages', createPageRoutes(deps));
  api.route('/preview-links', createPreviewLinkRoutes(deps));
  api.route('/schedules', createScheduleRoutes(deps));
  api.route('/translations', createTranslationRoutes(deps));
  api.route('/analytics', createAnalyticsRoutes(deps));
  api.route('/builds', createBuildRoutes(deps));
  api.route('/media', createMediaApiRoutes(deps));
  api.route('/search', createSearchRoutes(deps));
  api.route('/public', createPublicApiRoutes(deps));
  api.route('/', createOpenApiRoutes(deps));
  api.route('/newsletter', createNewsletterRoutes(deps));
  api.route('/comments', createCommentRoutes(deps));
  api.route('/manage/comments', createManageCommentRoutes(deps));
  api.route('/settings/security', createSecuritySettingsRoutes(deps));
  api.route('/settings', createSettingsRoutes(deps));
  api.route('/backup', createBackupRoutes(deps));
  api.route('/webhooks', createWebhookRoutes(deps));
  api.route('/outgoing-webhooks', createOutgoingWebhookRoutes(deps));
  api.route('/keys', createApiKeyRoutes(deps));
  api.route('/redirects', createRedirectRoutes(deps));
  api.route('/not-found', createNotFoundRoutes(deps));

  return api;
}
