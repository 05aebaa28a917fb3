const tasks: (() => void)[] = [];

/** Runs `task` once the current test file is done (the setup file tests/support/cleanup.ts). */
export function afterFile(task: () => void) {
  tasks.push(task);
}

export function runAfterFileTasks() {
  for (const task of tasks.splice(0)) task();
}
