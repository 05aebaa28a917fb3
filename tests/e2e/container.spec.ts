import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_SETUP_TOKEN, installThroughApi } from '../support/install';
import { freePort } from '../support/server';

/*
 * The container image (Containerfile) built here with buildah, then run the way a container
 * runtime runs it: its root file system (`buildah mount`) as the root of a new mount and PID
 * namespace (`unshare`), the data volume bound in at /data, the image's own entry point, working
 * directory, user and environment. Node is process 1 there, as in a container, so the server's own
 * SIGTERM handling is what stops it. Through HTTP the test sees the installer, installs, publishes a
 * page and reads it; then SIGTERM and a clean exit.
 *
 * `podman run` is not used: on this machine crun cannot set the container's resource limits
 * (`setrlimit RLIMIT_NPROC: Operation not permitted`: no CAP_SYS_RESOURCE), so the namespaces are
 * made by hand. Needs root (mounts), buildah and util-linux's unshare.
 */

const buildah = !spawnSync('buildah', ['--version']).error;
const root = process.getuid?.() === 0;
const store = process.env.DAFTAR_CONTAINER_STORE ?? path.join(process.env.TMPDIR ?? '/tmp', 'daftar-containers');
const image = process.env.DAFTAR_IMAGE ?? 'localhost/daftar:latest';
const buildahArgs = ['--storage-driver', 'vfs', '--root', path.join(store, 'root'), '--runroot', path.join(store, 'runroot')];

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout.trim();
}

type ImageConfig = {
  User: string;
  Env: string[];
  Entrypoint: string[];
  Cmd: string[] | null;
  WorkingDir: string;
  Volumes: Record<string, object> | null;
  ExposedPorts: Record<string, object> | null;
  StopSignal?: string;
  Healthcheck?: { Test: string[] };
};

// `npm test` runs this whenever buildah is installed (and it runs as root), saying plainly why not
// otherwise. The base images are kept in the store while their inputs are unchanged, and the app is
// the build `npm test` has just made (scripts/container/build.sh --prebuilt), so the image build is
// a few minutes, most of it copying files into the vfs store.
test.skip(!buildah, 'skipped: buildah not installed (Debian: apt-get install -y buildah)');
test.skip(!root, 'skipped: running the image root needs root (mount and unshare)');

test('the container image builds, serves the installer, installs, publishes a page and stops cleanly on SIGTERM', async () => {
  test.setTimeout(20 * 60_000);

  // `npm run container:build -- --prebuilt`: the base images (kept while current), the app staged
  // from build/, then the Containerfile. DAFTAR_CONTAINER_BUILT=1 tests the image already built instead.
  if (process.env.DAFTAR_CONTAINER_BUILT !== '1') {
    const started = Date.now();
    const built = spawnSync('bash', ['scripts/container/build.sh', '--prebuilt'], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(built.status, `${built.stdout.slice(-4000)}\n${built.stderr.slice(-4000)}`).toBe(0);
    console.log(`Image built in ${Math.round((Date.now() - started) / 1000)} s: ${built.stdout.trim().split('\n').at(-1)}`);
  }

  const config = (
    JSON.parse(run('buildah', [...buildahArgs, 'inspect', '--type', 'image', image])) as { Docker: { config: ImageConfig } }
  ).Docker.config;
  // What the Containerfile promises: a non-root user, the data volume, a health check, SIGTERM.
  expect(config.User).toBe('10001:10001');
  expect(Object.keys(config.Volumes ?? {})).toEqual(['/data']);
  expect(Object.keys(config.ExposedPorts ?? {})).toEqual(['3000/tcp']);
  expect(config.Env).toEqual(expect.arrayContaining(['DATA_DIR=/data', 'NODE_ENV=production', 'HOST=0.0.0.0']));
  expect(config.Healthcheck?.Test.join(' ')).toContain('/api/health');
  expect(config.StopSignal ?? 'SIGTERM').toBe('SIGTERM');
  console.log(run('buildah', [...buildahArgs, 'images', '--format', '{{.Name}}:{{.Tag}} {{.Size}}', image]));

  const container = run('buildah', [...buildahArgs, 'from', '--pull-never', image]);
  const folder = mkdtempSync(path.join(tmpdir(), 'daftar-container-'));
  let server: ChildProcess | undefined;
  try {
    const rootfs = run('buildah', [...buildahArgs, 'mount', container]);
    // Mount points a runtime makes: /proc and /dev (the image has neither).
    for (const dir of ['proc', 'dev']) mkdirSync(path.join(rootfs, dir), { recursive: true });
    // The volume, on the host: owned by the image's user, as `podman volume` would give it.
    const [uid, gid] = config.User.split(':').map(Number) as [number, number];
    const data = path.join(folder, 'data');
    mkdirSync(data);
    chownSync(data, uid, gid);
    chmodSync(data, 0o700);

    const port = await freePort();
    const env = Object.fromEntries(
      config.Env.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    // The published port is the container's own here: the host's network is shared.
    Object.assign(env, { PORT: String(port), SETUP_TOKEN: E2E_SETUP_TOKEN });
    const entry = [...config.Entrypoint, ...(config.Cmd ?? [])];
    const inRoot = (command: string[]) => [
      'unshare',
      `--root=${rootfs}`,
      `--wd=${config.WorkingDir}`,
      `--setgid=${gid}`,
      `--setuid=${uid}`,
      '--',
      // A bare command name is looked up on the image's PATH, as a runtime does.
      command[0]?.startsWith('/') ? command[0] : `/usr/local/bin/${command[0]}`,
      ...command.slice(1),
    ];
    const shellQuote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
    const script = [
      'set -e',
      `mount --bind ${shellQuote(data)} ${shellQuote(`${rootfs}/data`)}`,
      `mount -t proc proc ${shellQuote(`${rootfs}/proc`)}`,
      `mount -t tmpfs -o mode=755,size=64k tmpfs ${shellQuote(`${rootfs}/dev`)}`,
      `for device in null zero full random urandom; do touch ${shellQuote(`${rootfs}/dev`)}/$device; mount --bind /dev/$device ${shellQuote(`${rootfs}/dev`)}/$device; done`,
      `exec ${inRoot(entry).map(shellQuote).join(' ')}`,
    ].join('\n');
    let output = '';
    server = spawn('unshare', ['--mount', '--pid', '--fork', '--propagation', 'private', '/bin/sh', '-c', script], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const url = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        async () => {
          if (server?.exitCode !== null) throw new Error(`the server exited (${server?.exitCode}):\n${output}`);
          return (await fetch(`${url}/api/health`).catch(() => undefined))?.status;
        },
        { timeout: 60_000, intervals: [250] },
      )
      .toBe(200);

    // Process 1 of its PID namespace is node itself, as the image's user.
    const node = Number(readFileSync(`/proc/${server.pid}/task/${server.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
    expect(node, output).toBeGreaterThan(0);
    const status = readFileSync(`/proc/${node}/status`, 'utf8');
    expect(status).toMatch(/^NSpid:\s+\d+\s+1$/m);
    expect(status).toMatch(new RegExp(`^Uid:\\s+${uid}\\s+${uid}\\s+${uid}\\s+${uid}$`, 'm'));
    expect(readFileSync(`/proc/${node}/cmdline`, 'utf8').split('\0')[0]).toBe('/usr/local/bin/node');

    // The image's HEALTHCHECK command, run in its root: no shell or curl needed.
    const healthCommand = config.Healthcheck!.Test[0] === 'CMD' ? config.Healthcheck!.Test.slice(1) : [];
    expect(healthCommand[0]).toBe('node');
    const health = spawnSync(inRoot(healthCommand)[0]!, inRoot(healthCommand).slice(1), { env, encoding: 'utf8' });
    expect(health.status, health.stderr).toBe(0);

    // A new site shows the installer.
    const installer = await fetch(`${url}/en`);
    expect(await installer.text()).toContain('SQLite Database Connection');

    // Installed through the installer's API, a page saved and published, then read as a visitor.
    const { cookie } = await installThroughApi({ url });
    const headers = { cookie, 'content-type': 'application/json' };
    const saved = await fetch(`${url}/api/pages/en/from-the-container`, {
      method: 'PUT',
      headers: { ...headers, 'if-none-match': '*' },
      body: JSON.stringify({ frontMatter: { title: 'From the container' }, body: 'Served by the image.' }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const published = await fetch(`${url}/api/builds/publish`, { method: 'POST', headers });
    expect(published.ok, await published.clone().text()).toBe(true);
    await expect
      .poll(async () => (await fetch(`${url}/en/from-the-container`)).status, { timeout: 30_000, intervals: [500] })
      .toBe(200);
    const page = await (await fetch(`${url}/en/from-the-container`)).text();
    expect(page).toContain('From the container');
    expect(page).toContain('Served by the image.');

    // Everything the site keeps is on the volume, written as the image's user.
    const database = statSync(path.join(data, 'daftar.db'));
    expect([database.uid, database.gid]).toEqual([uid, gid]);

    // SIGTERM to process 1: requests and jobs finish, the database closes, exit code 0.
    const exited = new Promise<number | null>((resolve) => server?.once('exit', (code) => resolve(code)));
    process.kill(node, 'SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('SIGTERM: stopping');
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    spawnSync('buildah', [...buildahArgs, 'umount', container]);
    spawnSync('buildah', [...buildahArgs, 'rm', container]);
    rmSync(folder, { recursive: true, force: true });
  }
});
