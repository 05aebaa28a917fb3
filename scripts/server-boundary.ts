import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Fails the browser build when anything from `server/` reaches it. React Router drops loaders and
 * the `*.server.ts` modules they use from the client bundle; a stray value import from a
 * component would otherwise ship Drizzle and SQL to every visitor without a warning. Biome's
 * noRestrictedImports (biome.json) says the same at lint time.
 */
export function serverBoundary(root = process.cwd()): Plugin {
  const serverDir = path.join(path.resolve(root), 'server') + path.sep;
  return {
    name: 'daftar:server-boundary',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    async resolveId(source, importer, options) {
      if (!importer || importer.startsWith('\0')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id.startsWith(serverDir))
        this.error(
          `${path.relative(root, importer)} imports ${path.relative(root, resolved.id)}: server code must not reach the browser. ` +
            'Move server work to a *.server.ts sibling of the route and shared types to common/.',
        );
      return null;
    },
  };
}
