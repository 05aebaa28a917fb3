import { defineConfig } from 'vite';
import { serverBundled } from './scripts/server-bundled.ts';

// Bundles the node platform entries (server, CLI) into build/node; npm packages stay external but those of scripts/server-bundled.ts.
export default defineConfig({
  // Bundled, not loaded from node_modules at every start (scripts/server-bundled.ts).
  ssr: { noExternal: serverBundled },
  build: {
    ssr: true,
    outDir: 'build/node',
    emptyOutDir: true,
    target: 'node24',
    rollupOptions: {
      input: {
        // The compile cache's entry, which loads platforms/node/server.ts.
        server: 'platforms/node/start.ts',
        // The CLI: a small entry that may start node again for `content-sync`, then the commands.
        cli: 'platforms/node/cli-entry.ts',
        // The content sync's render threads (platforms/node/render-pool.ts).
        'render-worker': 'platforms/node/render-worker.ts',
      },
      output: { format: 'esm', entryFileNames: '[name].js' },
    },
  },
});
