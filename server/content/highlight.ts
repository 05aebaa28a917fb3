import asm from '@speed-highlight/core/languages/asm.js';
import bash from '@speed-highlight/core/languages/bash.js';
import c from '@speed-highlight/core/languages/c.js';
import css from '@speed-highlight/core/languages/css.js';
import diff from '@speed-highlight/core/languages/diff.js';
import docker from '@speed-highlight/core/languages/docker.js';
import go from '@speed-highlight/core/languages/go.js';
import html from '@speed-highlight/core/languages/html.js';
import http from '@speed-highlight/core/languages/http.js';
import ini from '@speed-highlight/core/languages/ini.js';
import java from '@speed-highlight/core/languages/java.js';
import js from '@speed-highlight/core/languages/js.js';
import jsdoc from '@speed-highlight/core/languages/jsdoc.js';
import json from '@speed-highlight/core/languages/json.js';
import lua from '@speed-highlight/core/languages/lua.js';
import make from '@speed-highlight/core/languages/make.js';
import pl from '@speed-highlight/core/languages/pl.js';
import py from '@speed-highlight/core/languages/py.js';
import regex from '@speed-highlight/core/languages/regex.js';
import rs from '@speed-highlight/core/languages/rs.js';
import sql from '@speed-highlight/core/languages/sql.js';
import todo from '@speed-highlight/core/languages/todo.js';
import toml from '@speed-highlight/core/languages/toml.js';
import ts from '@speed-highlight/core/languages/ts.js';
import xml from '@speed-highlight/core/languages/xml.js';
import yaml from '@speed-highlight/core/languages/yaml.js';
import { type ShjLanguageData, tokenizeWith } from '@speed-highlight/core/tokenize';
import type { ElementContent } from 'hast';

/**
 * Highlighted code (issue 39 §3, docs/content.md "Code"): a fenced block with a language is cut into
 * tokens when the page is rendered — stored in the index, so readers get coloured code with no
 * script, on Node and Workers alike. The tokenizer is @speed-highlight/core (CC0, a few KiB per
 * language: Shiki's grammars would not fit the Workers bundle). Its token types become classes
 * `hl-{type}`, coloured by app/styles/content.css in light and dark.
 *
 * The tokenizer is regular expressions run from each position, so its time grows with the square
 * of a long line (measured: one 6 000-character line of spaces took 2.5 s in `ts`). A block is
 * highlighted only within these bounds, which keep the worst measured hostile block near 80 ms;
 * past them it stays plain text, as every block was before.
 */
export const HIGHLIGHT_BLOCK_MAX = 6000;
export const HIGHLIGHT_LINE_MAX = 300;
/** Per page: a page full of large blocks highlights the first ones, in order, up to this many characters. */
export const HIGHLIGHT_PAGE_MAX = 24_000;

/** Every grammar, by the name the grammars use to embed one another (html → css, js; js → regex, jsdoc). */
const grammars: Record<string, ShjLanguageData> = {
  asm,
  bash,
  c,
  css,
  diff,
  docker,
  go,
  html,
  http,
  ini,
  java,
  js,
  jsdoc,
  json,
  lua,
  make,
  pl,
  py,
  regex,
  rs,
  sql,
  todo,
  toml,
  ts,
  xml,
  yaml,
};

/** A fence's language (` ```ts `), lower case, to its grammar; languages not listed stay plain. */
const FENCE_LANGUAGES: Record<string, string> = {
  asm: 'asm',
  nasm: 'asm',
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  console: 'bash',
  c: 'c',
  h: 'c',
  cpp: 'c',
  'c++': 'c',
  css: 'css',
  diff: 'diff',
  patch: 'diff',
  docker: 'docker',
  dockerfile: 'docker',
  go: 'go',
  golang: 'go',
  html: 'html',
  htm: 'html',
  http: 'http',
  ini: 'ini',
  conf: 'ini',
  cfg: 'ini',
  env: 'ini',
  java: 'java',
  js: 'js',
  javascript: 'js',
  jsx: 'js',
  mjs: 'js',
  cjs: 'js',
  json: 'json',
  jsonc: 'json',
  json5: 'json',
  lua: 'lua',
  make: 'make',
  makefile: 'make',
  perl: 'pl',
  pl: 'pl',
  py: 'py',
  python: 'py',
  rs: 'rs',
  rust: 'rs',
  sql: 'sql',
  toml: 'toml',
  ts: 'ts',
  typescript: 'ts',
  tsx: 'ts',
  xml: 'xml',
  svg: 'xml',
  yaml: 'yaml',
  yml: 'yaml',
};

/** The grammar a fence's language names, if Daftar highlights it. */
export function highlightLanguage(language: string): string | undefined {
  const name = language.toLowerCase();
  return Object.hasOwn(FENCE_LANGUAGES, name) ? FENCE_LANGUAGES[name] : undefined;
}

/** Whether a block is small enough to highlight (see HIGHLIGHT_BLOCK_MAX). */
export function highlightable(code: string): boolean {
  if (code.length > HIGHLIGHT_BLOCK_MAX) return false;
  let start = 0;
  while (start <= code.length) {
    const end = code.indexOf('\n', start);
    if ((end === -1 ? code.length : end) - start > HIGHLIGHT_LINE_MAX) return false;
    if (end === -1) return true;
    start = end + 1;
  }
  return true;
}

/**
 * The code as text nodes and `<span class="hl-{type}">` runs (neighbours of one type joined), or
 * undefined when the language is not highlighted or the block is past the bounds. The text is
 * the code's own, character for character: only spans are added.
 */
export function highlightCode(code: string, language: string): ElementContent[] | undefined {
  const grammar = highlightLanguage(language);
  if (!grammar || !highlightable(code)) return undefined;
  const runs: { text: string; type: string | undefined }[] = [];
  tokenizeWith(
    code,
    grammars[grammar]!,
    (text, type) => {
      if (!text) return;
      const last = runs.at(-1);
      if (last && last.type === type) last.text += text;
      else runs.push({ text, type });
    },
    { languages: grammars },
  );
  // Never lose a character: if the tokens do not spell the code, it stays plain.
  if (runs.map((run) => run.text).join('') !== code) return undefined;
  return runs.map(({ text, type }) =>
    type
      ? { type: 'element', tagName: 'span', properties: { className: [`hl-${type}`] }, children: [{ type: 'text', value: text }] }
      : { type: 'text', value: text },
  );
}
