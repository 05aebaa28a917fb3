/*
 * A chunk or preload that fails to load (usually a new deployment replaced the hashed files this
 * page knew) is answered by one full reload, keeping what the visitor typed (docs/spec.md §8, §9:
 * reload guard TTL 10 s). A second failure within 10 s does not reload again: no loops.
 */

export const RELOAD_GUARD_TTL_MS = 10_000;
const GUARD_KEY = 'daftar.reloadGuard';
const FORM_STATE_KEY = 'daftar.formState';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type FormState = { path: string; fields: Record<string, string> };
/** Where fields are looked for: the document or one element. */
type FieldRoot = Pick<ParentNode, 'querySelectorAll'>;

/** Fields worth keeping: named or identified, visible kinds; never passwords, files or hidden tokens. */
function keptFields(root: FieldRoot): FieldElement[] {
  const all = [...root.querySelectorAll('input, textarea, select')] as FieldElement[];
  return all.filter((field) => {
    if (!(field.name || field.id)) return false;
    if (field instanceof HTMLInputElement) return !['password', 'file', 'hidden', 'submit', 'button'].includes(field.type);
    return true;
  });
}

/**
 * Each field with its key: its name and how many fields of that name came before it (`@email:0`),
 * else its id. Names first, since generated ids (useId) differ between React on the server and
 * Preact in a reading page's island; the count keeps two forms with the same field names apart.
 */
function keyedFields(root: FieldRoot): [string, FieldElement][] {
  const seen = new Map<string, number>();
  return keptFields(root).map((field) => {
    if (!field.name) return [`#${field.id}`, field];
    const count = seen.get(field.name) ?? 0;
    seen.set(field.name, count + 1);
    return [`@${field.name}:${count}`, field];
  });
}

function currentValue(field: FieldElement): string {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) return String(field.checked);
  return field.value;
}

/** Reloads the page unless it reloaded for the same reason less than 10 s ago; true when it did. */
export function reloadOnce({
  storage = sessionStorage,
  now = Date.now(),
  reload = () => window.location.reload(),
  root = document as FieldRoot,
  path = window.location.pathname,
} = {}): boolean {
  const last = Number(storage.getItem(GUARD_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_TTL_MS) return false;
  storage.setItem(GUARD_KEY, String(now));
  storage.setItem(FORM_STATE_KEY, JSON.stringify({ path, fields: readFields(root) } satisfies FormState));
  reload();
  return true;
}

/** After the reload: puts the kept values back (writeFields). */
export function restoreFormState({
  storage = sessionStorage,
  root = document as FieldRoot,
  path = window.location.pathname,
} = {}) {
  const raw = storage.getItem(FORM_STATE_KEY);
  if (!raw) return 0;
  storage.removeItem(FORM_STATE_KEY);
  let state: FormState;
  try {
    state = JSON.parse(raw) as FormState;
  } catch {
    return 0;
  }
  if (state.path !== path) return 0;
  return writeFields(root, state.fields);
}

/** What the visitor has typed under `root`, by field id (or name). */
export function readFields(root: FieldRoot): Record<string, string> {
  return Object.fromEntries(keyedFields(root).map(([key, field]) => [key, currentValue(field)]));
}

/** Puts values back into the fields under `root` as typing would, so form code sees them; returns how many changed. */
export function writeFields(root: FieldRoot, fields: Record<string, string>) {
  let restored = 0;
  for (const [key, field] of keyedFields(root)) {
    const value = fields[key];
    if (value === undefined || currentValue(field) === value) continue;
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      field.checked = value === 'true';
      field.dispatchEvent(new Event('change', { bubbles: true }));
    } else {
      // The prototype's setter, so React's value tracking notices the change.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
      setter?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    restored += 1;
  }
  return restored;
}

const chunkFailure =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

/** Installs the listeners: Vite's preload errors and failed dynamic imports. */
export function watchChunkFailures() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnce()) event.preventDefault();
  });
  window.addEventListener('unhandledrejection', (event) => {
    const message = event.reason instanceof Error ? event.reason.message : String(event.reason);
    if (chunkFailure.test(message) && reloadOnce()) event.preventDefault();
  });
}
