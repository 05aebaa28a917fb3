import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Every page lives under /:locale (fa or en); the server redirects un-prefixed paths.
export default [
  route(':locale', 'routes/locale.tsx', [
    layout('routes/public/layout.tsx', [
      index('routes/public/home.tsx'),
      route('403', 'routes/public/forbidden.tsx'),
      route('*', 'routes/public/not-found.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
