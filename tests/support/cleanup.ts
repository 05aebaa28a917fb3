import { afterAll } from 'vitest';
import { runAfterFileTasks } from './after-file';

// Runs before every test file: what its tests opened (databases, folders) is closed once the file is done.
afterAll(runAfterFileTasks);
