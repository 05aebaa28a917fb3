import { afterEach, vi } from 'vitest';

// An unexpected console.error is a failure (docs/architecture.md, "Tests"); tests that expect one mock it themselves.
// Without isolation this file runs again before every test file in the same worker: patch once.
type Recorder = { seen: unknown[][] };
const holder = globalThis as { __daftarConsoleErrors?: Recorder };
if (!holder.__daftarConsoleErrors) {
  const recorder: Recorder = { seen: [] };
  const original = console.error;
  console.error = (...args: unknown[]) => {
    recorder.seen.push(args);
    original(...args);
  };
  holder.__daftarConsoleErrors = recorder;
}
const recorder = holder.__daftarConsoleErrors;

afterEach(() => {
  const seen = recorder.seen;
  recorder.seen = [];
  vi.restoreAllMocks();
  if (seen.length > 0) throw new Error(`Unexpected console.error: ${seen.map((args) => args.join(' ')).join('\n')}`);
});
