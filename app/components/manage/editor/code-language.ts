/**
 * The code-block language picker's choices (issue 26 item 8): the fence's info string
 * (```` ```ts ````), kept by the Markdown round trip and written as `class="language-ts"` on the
 * published page. Names are the same in both languages.
 */
export const CODE_LANGUAGES = [
  ['bash', 'Bash'],
  ['c', 'C'],
  ['cpp', 'C++'],
  ['css', 'CSS'],
  ['diff', 'Diff'],
  ['go', 'Go'],
  ['html', 'HTML'],
  ['java', 'Java'],
  ['js', 'JavaScript'],
  ['json', 'JSON'],
  ['md', 'Markdown'],
  ['php', 'PHP'],
  ['python', 'Python'],
  ['rust', 'Rust'],
  ['sql', 'SQL'],
  ['ts', 'TypeScript'],
  ['tsx', 'TSX'],
  ['yaml', 'YAML'],
] as const;

/**
 * The picker's options for a block whose language is `current`: "none" first, the common ones,
 * and a language the list does not have (written by hand in the Markdown) kept as it is, so
 * opening the picker never changes a fence by itself.
 */
export function codeLanguageOptions(current: string | null | undefined): { value: string; label: string }[] {
  const options: { value: string; label: string }[] = CODE_LANGUAGES.map(([value, label]) => ({ value, label }));
  const language = current?.trim() ?? '';
  if (language && !options.some((option) => option.value === language)) options.unshift({ value: language, label: language });
  return options;
}
