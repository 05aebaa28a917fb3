/**
 * npm packages both server builds (vite.config.ts for React Router's, vite.node.config.ts for the
 * node entry) bundle instead of loading from node_modules at every start (issue 12 item 7). Node
 * resolves an external package file by file, reading its package.json each time: drizzle-orm's
 * ~80 files re-read a 180 KB one; the Markdown renderer is ~100 small packages (unified, remark,
 * rehype, micromark, mdast/hast/unist utilities); lucide-react's and radix-ui's indexes load every
 * icon and primitive, where a bundle keeps only what the app uses. All are ES modules; CommonJS and
 * native packages (yaml, extend, libsql, sharp, react…) stay external. Both builds bundle the same
 * list, so no package is loaded twice, once bundled and once from node_modules.
 */
export const serverBundled: RegExp[] = [
  /^drizzle-orm(\/|$)/,
  /^(lucide-react|radix-ui)(\/|$)/,
  /^@radix-ui\//,
  /^(unified|bail|trough|devlop|is-plain-obj|hastscript|github-slugger|parse5|entities|zwitch|ccount|longest-streak|trim-lines|markdown-table|escape-string-regexp|property-information|web-namespaces|html-void-elements)(\/|$)/,
  /^(vfile|remark|rehype|mdast-util|hast-util|unist-util|micromark|character-entities|character-reference|parse-entities|stringify-entities|decode-named-character-reference|comma-separated-tokens|space-separated-tokens|is-decimal|is-hexadecimal|is-alphanumerical|is-alphabetical)([a-z0-9-]*)(\/|$)/,
  /^@ungap\/structured-clone(\/|$)/,
];
