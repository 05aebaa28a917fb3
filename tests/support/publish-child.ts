/*
 * Runs one publish of a test site's open build in its own process and stops at a step, so a test
 * can kill it there with SIGKILL (server/services/builds.test.ts): `publish-child.ts DIR STEP USER`.
 * Prints `at STEP` and waits; the parent kills it.
 */
import path from 'node:path';
import { createNodeDatabase } from '../../platforms/node/database';
import { createLocalRepository } from '../../platforms/node/local-repository';
import { type PublishCheckpoint, publishOpenBuild } from '../../server/services/builds';

const [dir, stopAt, userId] = process.argv.slice(2) as [string, string, string];
const { db } = await createNodeDatabase(`file:${path.join(dir, 'test.db')}`);
const deps = { db, contentRepository: createLocalRepository(path.join(dir, 'repo')) };
const checkpoint: PublishCheckpoint = async (step) => {
  if (step !== stopAt) return;
  process.stdout.write(`at ${step}\n`);
  // Until killed: the timer keeps the process alive (a pending promise alone does not, and node
  // would exit by itself, racing the kill).
  await new Promise(() => setInterval(() => {}, 60_000));
};
const user = { id: userId, username: 'editor', displayName: 'Editor', roles: ['editor'], permissions: [] };
await publishOpenBuild(deps, user, { title: 'Killed half-way' }, checkpoint);
process.stdout.write('finished\n');
