import { defineConfig } from 'vite';

// Bundles the node platform entries (server, CLI) into build/node; npm packages stay external.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'build/node',
    emptyOutDir: true,
    target: 'node24',
    rollupOptions: {
      input: {
        server: 'platforms/node/server.ts',
        cli: 'platforms/node/cli.ts',
        // The content sync's render threads (platforms/node/render-pool.ts).
        'render-worker': 'platforms/node/render-worker.ts',
      },
      output: { format: 'esm', entryFileNames: '[name].js' },
    },
  },
});
