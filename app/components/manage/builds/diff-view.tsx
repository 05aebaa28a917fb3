/** One line of a unified diff, classified for display. */
type DiffLine = { kind: 'hunk' | 'add' | 'remove' | 'context'; text: string };

/** The lines worth showing from a unified diff: hunks and their lines; the file headers are dropped (the change names the file). */
export function parseUnifiedDiff(diff: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let inHunk = false;
  for (const line of diff.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('@@')) {
      inHunk = true;
      lines.push({ kind: 'hunk', text: line });
    } else if (!inHunk)
      continue; // the ---/+++ file headers
    else if (line.startsWith('+')) lines.push({ kind: 'add', text: line.slice(1) });
    else if (line.startsWith('-')) lines.push({ kind: 'remove', text: line.slice(1) });
    else if (line.startsWith('\\'))
      continue; // "\ No newline at end of file"
    else lines.push({ kind: 'context', text: line.slice(1) });
  }
  return lines;
}

/** Lines in Arabic script use the text font: monospace fonts join Persian letters badly. */
const PERSIAN = /[\u0600-\u06ff]/;

const lineClass: Record<DiffLine['kind'], string> = {
  hunk: 'bg-blue-500/10 text-blue-800 dark:text-blue-300',
  add: 'bg-green-500/15 text-green-900 dark:text-green-200',
  remove: 'bg-red-500/15 text-red-900 dark:text-red-200',
  context: '',
};
const marker: Record<DiffLine['kind'], string> = { hunk: '', add: '+', remove: '−', context: '' };

/** A front-matter line (`title: یادداشت`): always left to right, its key first (walk-through D12). */
const YAML_LINE = /^(---|[A-Za-z_][\w-]*:(\s|$)|\s*- )/;

/**
 * A unified diff, readable: added lines green, removed lines red. The frame is always LTR (it is
 * code); each line's own text takes its direction from its content (`dir="auto"`), so a Persian
 * paragraph reads right to left inside it.
 */
export function DiffView({ diff, labels }: { diff: string; labels: { added: string; removed: string } }) {
  const lines = parseUnifiedDiff(diff);
  return (
    <div
      dir="ltr"
      className="relative overflow-x-auto rounded-md border border-border font-mono text-xs leading-5"
      data-testid="diff"
    >
      <table className="w-full border-collapse">
        <tbody>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one diff never reorder.
            <tr key={index} className={lineClass[line.kind]} data-line={line.kind}>
              <td className="w-6 select-none px-1 text-center align-top opacity-70">
                {marker[line.kind] ? (
                  <>
                    <span aria-hidden>{marker[line.kind]}</span>
                    <span className="sr-only">{line.kind === 'add' ? labels.added : labels.removed}</span>
                  </>
                ) : null}
              </td>
              <td
                className={`whitespace-pre-wrap break-words px-2 ${YAML_LINE.test(line.text) ? '' : '[unicode-bidi:plaintext]'} ${PERSIAN.test(line.text) ? 'font-sans' : ''}`}
                dir={YAML_LINE.test(line.text) ? 'ltr' : 'auto'}
              >
                {line.text || '\u00a0'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
