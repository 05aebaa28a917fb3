import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { browserOnly } from './scripts/browser-only.ts';
import { readingIslands } from './scripts/reading-islands.ts';
import { serverBoundary } from './scripts/server-boundary.ts';
import { serverBundled } from './scripts/server-bundled.ts';

const browserTargets = ['chrome109', 'edge109', 'firefox128', 'safari16.4'];

export default defineConfig({
  // readingIslands: the reading pages' own script, built per locale with Preact (decision 0007).
  // browserOnly: the editor, IndexedDB and the chart stay out of the server build (the Worker's bundle).
  plugins: [serverBoundary(), browserOnly(), tailwindcss(), reactRouter(), readingIslands({ target: browserTargets })],
  resolve: { tsconfigPaths: true },
  // Bundled, not loaded from node_modules at every start (scripts/server-bundled.ts).
  ssr: { noExternal: serverBundled },
  // The spec's oldest browsers, Chrome 109 and Firefox 128 (docs/decisions/0005-browser-support-and-client-constants.md):
  // scripts are compiled for them, and the CSS minifier (Lightning CSS) adds hex/lab fallbacks for
  // Tailwind 4's oklch colours, which Chrome only reads from version 111.
  build: { assetsInlineLimit: 0, target: browserTargets, cssTarget: browserTargets },
});
