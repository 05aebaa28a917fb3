import { defineConfig } from 'vite';

// Bundles the node platform entries (server, CLI) into build/node; npm packages stay external but drizzle-orm.
export default defineConfig({
  // drizzle-orm is bundled: loaded from node_modules, each of its ~80 files made Node read its 180 KB
  // package.json again, about a third of the server's start (the React Router build does the same).
  ssr: { noExternal: [/^drizzle-orm(\/|$)/] },
  build: {
    ssr: true,
    outDir: 'build/node',
    emptyOutDir: true,
    target: 'node24',
    rollupOptions: {
      input: {
        // The compile cache's entry, which loads platforms/node/server.ts.
        server: 'platforms/node/start.ts',
        cli: 'platforms/node/cli.ts',
        // The content sync's render threads (platforms/node/render-pool.ts).
        'render-worker': 'platforms/node/render-worker.ts',
      },
      output: { format: 'esm', entryFileNames: '[name].js' },
    },
  },
});
