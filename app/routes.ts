import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Every page lives under /:locale (fa or en); the server redirects un-prefixed paths.
export default [
  route(':locale', 'routes/locale.tsx', [
    layout('routes/public/layout.tsx', [
      index('routes/public/home.tsx'),
      route('403', 'routes/public/forbidden.tsx'),
      route('login', 'routes/auth/login.tsx'),
      route('login/two-factor', 'routes/auth/two-factor.tsx'),
      route('register', 'routes/auth/register.tsx'),
      route('profile', 'routes/auth/profile.tsx'),
      route('reset-password', 'routes/auth/reset-password.tsx'),
      route('forgot-password', 'routes/auth/forgot-password.tsx'),
      // Like the newsletter's: they act only through their buttons (POST), never on a GET.
      route('confirm-email', 'routes/auth/confirm-email.tsx'),
      route('notifications/unsubscribe', 'routes/public/notifications-unsubscribe.tsx'),
      route('logs', 'routes/public/logs.tsx'),
      route('cats/:cat', 'routes/public/category.tsx'),
      route('tags/:tag', 'routes/public/tag.tsx'),
      route('authors/:user', 'routes/public/author.tsx'),
      // Act only through their buttons (POST), never on a GET; their ?token= keeps them out of the page cache.
      route('newsletter/confirm', 'routes/public/newsletter-confirm.tsx'),
      route('newsletter/unsubscribe', 'routes/public/newsletter-unsubscribe.tsx'),
      route('search', 'routes/public/search.tsx'),
      // A shareable preview of a page's pending version: the token is the secret (never cached or indexed).
      route('preview/:token', 'routes/public/preview.tsx'),
      // Content pages by slug; a slug that is not published is 404 'Page not found: {path}'.
      route('*', 'routes/public/content-page.tsx'),
    ]),
    layout('routes/manage/layout.tsx', [
      route('manage', 'routes/manage/dashboard.tsx'),
      route('manage/pages', 'routes/manage/pages.tsx'),
      route('manage/media', 'routes/manage/media.tsx'),
      route('manage/builds', 'routes/manage/builds.tsx'),
      route('manage/settings', 'routes/manage/settings.tsx'),
      route('manage/newsletter', 'routes/manage/newsletter.tsx'),
      route('manage/users/:tab?', 'routes/manage/users.tsx'),
      route('manage/comments/:tab?', 'routes/manage/comments.tsx'),
      route('manage/editor/*', 'routes/manage/editor.tsx'),
      route('manage/history/*', 'routes/manage/history.tsx'),
      route('manage/api', 'routes/manage/api.tsx'),
      route('manage/webhooks', 'routes/manage/webhooks.tsx'),
      route('manage/integrations', 'routes/manage/integrations.tsx'),
      route('manage/redirects/:tab?', 'routes/manage/redirects.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
