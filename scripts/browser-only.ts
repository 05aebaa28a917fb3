import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * npm packages the server never runs: the editor (Tiptap, ProseMirror, the Markdown and link
 * parsers it brings), IndexedDB (Dexie) and the visits chart (uPlot). They were ~450 KiB of the
 * Worker's bundle (docs/deploy-workers.md "Bundle size").
 */
export const browserOnlyPackages: RegExp[] = [
  /^@tiptap\//,
  /^(prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|crelt|marked|linkifyjs)(\/|$)/,
  /^dexie(\/|$)/,
  /^uplot(\/|$)/,
];

/** App modules that only the browser loads (with `import()`, after hydration or in an effect). */
export const browserOnlyModules = ['app/components/manage/editor/rich-editor.tsx', 'app/lib/inbox.ts'];

const STUB = '\0daftar-browser-only:';

/**
 * Keeps browser-only code out of the server build (React Router's SSR build, which the Worker
 * bundles whole): in that build a dynamic `import()` of a browser-only package or module resolves
 * to a stub that throws if it is ever evaluated, and a static import of a browser-only package
 * fails the build, naming the importer. Server rendering never reaches them: the editor mounts
 * after hydration (editor-screen.tsx), drafts, the inbox and the chart load in effects.
 */
export function browserOnly(root = process.cwd()): Plugin {
  const modules = new Set(browserOnlyModules.map((file) => path.resolve(root, file)));
  return {
    name: 'daftar:browser-only',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'ssr',
    async resolveId(source, importer, options) {
      // Style sheets (uPlot's) are left to Vite: the server build keeps no CSS in its JavaScript.
      if (!importer || source.startsWith('\0') || source.endsWith('.css')) return null;
      const kind = (options as { kind?: string }).kind;
      if (browserOnlyPackages.some((pattern) => pattern.test(source))) {
        if (kind === 'dynamic-import') return STUB + source;
        this.error(
          `${path.relative(root, importer)} imports ${source}, a browser-only package, into the server build. ` +
            'Load it with import() where it runs (after hydration, in an effect), or add the importing module to browserOnlyModules (scripts/browser-only.ts).',
        );
      }
      if (kind !== 'dynamic-import' || !source.startsWith('.')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && modules.has(resolved.id) ? STUB + path.relative(root, resolved.id) : null;
    },
    load(id) {
      if (!id.startsWith(STUB)) return null;
      const name = JSON.stringify(id.slice(STUB.length));
      return `throw new Error(${name} + ' runs only in the browser (scripts/browser-only.ts)');\nexport default undefined;\n`;
    },
  };
}
