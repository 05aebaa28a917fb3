import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build, type Plugin, type Rolldown } from 'vite';
import { sharedMessages } from '../common/messages.ts';
import { serverBoundary } from './server-boundary.ts';

/*
 * The reading pages' script (decision 0007): app/reading/entry.tsx built once per locale, with React
 * replaced by preact/compat and React Router, react-i18next, the session, the tooltip and the
 * shared messages replaced by the small modules in app/reading/compat. The client build emits the
 * files under /assets/reading/{locale}/, and the server build reads their names from
 * `virtual:reading-entries` (app/root.tsx puts the page's one <script type="module"> in). In
 * `vite dev` there is no reading build: every page hydrates.
 */

const LOCALES = ['fa', 'en'] as const;
/** The message groups the islands use: header, comments, the subscribe form, errors. */
const GROUPS = ['common', 'theme', 'auth', 'account', 'comments', 'search', 'validation', 'api'];
const ENTRIES_ID = 'virtual:reading-entries';
const MESSAGES_ID = 'virtual:reading-messages';

function messagesOf(root: string, locale: (typeof LOCALES)[number]) {
  const folder = path.join(root, 'app/i18n/locales', locale);
  const all: Record<string, unknown> = { ...sharedMessages[locale] };
  for (const file of readdirSync(folder).filter((name) => name.endsWith('.json')))
    Object.assign(all, JSON.parse(readFileSync(path.join(folder, file), 'utf8')));
  const picked: Record<string, unknown> = Object.fromEntries(
    GROUPS.filter((group) => group in all).map((group) => [group, all[group]]),
  );
  // Of the newsletter's words only the subscribe form's.
  picked.newsletter = { form: (all.newsletter as { form: unknown }).form };
  return picked;
}

/** Modules swapped for their reading versions, by resolved path. */
function swaps(root: string): Record<string, string> {
  const at = (file: string) => path.join(root, file);
  return {
    [at('app/lib/session.tsx')]: at('app/reading/compat/session.ts'),
    [at('app/components/ui/icon-button.tsx')]: at('app/reading/compat/icon-button.tsx'),
    [at('common/messages.ts')]: at('app/reading/compat/messages.ts'),
    [at('app/components/ui/dialog.tsx')]: at('app/reading/compat/dialog.tsx'),
    [at('app/components/ui/toast.tsx')]: at('app/reading/compat/toast.tsx'),
  };
}

export async function buildReadingLocale(root: string, locale: (typeof LOCALES)[number], target: string[]) {
  const replaced = swaps(root);
  const compat = (file: string) => path.join(root, 'app/reading/compat', file);
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    resolve: {
      alias: [
        { find: /^react$/, replacement: 'preact/compat' },
        { find: /^react-dom$/, replacement: 'preact/compat' },
        { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
        { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
        { find: /^react-router$/, replacement: compat('react-router.tsx') },
        { find: /^react-i18next$/, replacement: compat('react-i18next.ts') },
      ],
    },
    plugins: [
      // Browser code like the client build: nothing from server/ may reach it.
      serverBoundary(root),
      {
        name: 'daftar:reading-swaps',
        enforce: 'pre',
        async resolveId(source, importer, options) {
          if (source === MESSAGES_ID) return `\0${MESSAGES_ID}`;
          if (!importer || importer.startsWith('\0')) return null;
          const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
          const swap = resolved && replaced[resolved.id];
          return swap && !importer.startsWith(path.join(root, 'app/reading/compat')) ? swap : null;
        },
        load(id) {
          if (id === `\0${MESSAGES_ID}`) return `export default ${JSON.stringify(messagesOf(root, locale))};`;
          return null;
        },
      },
    ],
    build: {
      write: false,
      target,
      minify: true,
      modulePreload: false,
      rolldownOptions: {
        input: { entry: path.join(root, 'app/reading/entry.tsx') },
        output: {
          entryFileNames: `assets/reading/${locale}/[name]-[hash].js`,
          chunkFileNames: `assets/reading/${locale}/[name]-[hash].js`,
        },
      },
    },
  });
  const results = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  return results.flatMap((result) => result.output);
}

export function readingIslands({ target, root = process.cwd() }: { target: string[]; root?: string }): Plugin {
  let files: Promise<Record<string, Rolldown.OutputChunk[]>> | undefined;
  let isBuild = false;
  const built = () => {
    files ??= Promise.all(LOCALES.map((locale) => buildReadingLocale(root, locale, target))).then((outputs) =>
      Object.fromEntries(
        LOCALES.map((locale, index) => [
          locale,
          (outputs[index] ?? []).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk'),
        ]),
      ),
    );
    return files;
  };
  return {
    name: 'daftar:reading-islands',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    resolveId(source) {
      return source === ENTRIES_ID ? `\0${ENTRIES_ID}` : null;
    },
    async load(id) {
      if (id !== `\0${ENTRIES_ID}`) return null;
      if (!isBuild) return 'export default null;';
      const byLocale = await built();
      // Each entry with the chunks it imports statically, which the page preloads beside it.
      const entries = Object.fromEntries(
        Object.entries(byLocale).map(([locale, chunks]) => {
          const entry = chunks.find((chunk) => chunk.isEntry);
          if (!entry) throw new Error(`the reading build of ${locale} has no entry`);
          return [locale, { src: `/${entry.fileName}`, preload: entry.imports.map((file) => `/${file}`) }];
        }),
      );
      return `export default ${JSON.stringify(entries)};`;
    },
    async generateBundle() {
      if (!isBuild || this.environment.name !== 'client') return;
      for (const chunks of Object.values(await built()))
        for (const chunk of chunks) this.emitFile({ type: 'asset', fileName: chunk.fileName, source: chunk.code });
    },
  };
}
