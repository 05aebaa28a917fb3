import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { readingIslands } from './scripts/reading-islands.ts';
import { serverBoundary } from './scripts/server-boundary.ts';

const browserTargets = ['chrome109', 'edge109', 'firefox128', 'safari16.4'];

export default defineConfig({
  // readingIslands: the reading pages' own script, built per locale with Preact (decision 0007).
  plugins: [serverBoundary(), tailwindcss(), reactRouter(), readingIslands({ target: browserTargets })],
  resolve: { tsconfigPaths: true },
  // The server build bundles these instead of loading them from node_modules at every start:
  // drizzle-orm's ~80 files each made Node read its 180 KB package.json again, and lucide-react's and
  // radix-ui's indexes load every icon and primitive; bundled, only what the app uses (start-up time,
  // issue 12 item 7; vite.node.config.ts bundles drizzle-orm too).
  ssr: { noExternal: [/^drizzle-orm(\/|$)/, /^lucide-react(\/|$)/, /^radix-ui(\/|$)/, /^@radix-ui\//] },
  // The spec's oldest browsers, Chrome 109 and Firefox 128 (docs/decisions/0005-browser-support-and-client-constants.md):
  // scripts are compiled for them, and the CSS minifier (Lightning CSS) adds hex/lab fallbacks for
  // Tailwind 4's oklch colours, which Chrome only reads from version 111.
  build: { assetsInlineLimit: 0, target: browserTargets, cssTarget: browserTargets },
});
