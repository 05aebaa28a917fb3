import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../server/db/schema';
import { E2E_SETUP_TOKEN, OWNER, withSiteDatabase } from '../support/install';
import { freePort, type RunningServer, startServer } from '../support/server';

/*
 * deploy/nginx/daftar.conf in Debian's real nginx, in front of the built server started as
 * deploy/systemd/daftar.service starts it (HOST 127.0.0.1, TRUST_PROXY, SITE_URL). Only what a test
 * machine needs changes: the ports, the name (localhost) and a certificate made for the run. The
 * client connects to nginx from 127.0.0.2, so the address the server records can only have come
 * from X-Forwarded-For.
 */

const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => !spawnSync(file, ['-v']).error);
const openssl = !spawnSync('openssl', ['version']).error;
const CLIENT_ADDRESS = '127.0.0.2';

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** One HTTPS request to nginx from CLIENT_ADDRESS, trusting only the run's own certificate. */
function viaProxy(
  port: number,
  ca: string,
  pathname: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        headers: { host: `localhost:${port}`, ...options.headers },
        localAddress: CLIENT_ADDRESS,
        servername: 'localhost',
        ca,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** deploy/nginx/daftar.conf with only the ports, name and certificate of this run changed. */
function adaptedConfig(ports: { server: number; http: number; https: number }, cert: string, key: string) {
  let config = readFileSync('deploy/nginx/daftar.conf', 'utf8');
  const replace = (from: string | RegExp, to: string) => {
    const before = config;
    config = config.replace(from, to);
    // The shipped file changed shape: the test must follow it, not silently test something else.
    expect(config, `deploy/nginx/daftar.conf no longer has ${from}`).not.toBe(before);
  };
  replace('server 127.0.0.1:3000;', `server 127.0.0.1:${ports.server};`);
  replace(/listen 80;/, `listen 127.0.0.1:${ports.http};`);
  replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${ports.https} ssl http2;`);
  replace(/\s*listen \[::\]:80;/, '');
  replace(/\s*listen \[::\]:443 ssl http2;/, '');
  replace(/server_name example\.com;/g, 'server_name localhost;');
  replace(/ssl_certificate \S+;/, `ssl_certificate ${cert};`);
  replace(/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
  return config;
}

async function waitForPort(port: number, process: ChildProcess, log: () => string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (process.exitCode !== null) throw new Error(`nginx exited: ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What a proxy in front of the server must get right, seen from a client at CLIENT_ADDRESS: the
 * installer and the session's address (X-Forwarded-For), https as the proxy says (Secure cookie,
 * HSTS), the server's gzip and brotli passed on, and the largest upload reaching the server.
 */
async function checkThroughProxy(server: RunningServer, httpsPort: number, ca: string, siteUrl: string) {
  // The installer through the proxy, with a forged X-Forwarded-For the proxy's own entry follows.
  const install = (step: string, body?: string) =>
    viaProxy(httpsPort, ca, `/api/install/${step}`, {
      method: 'POST',
      headers: {
        'x-setup-token': E2E_SETUP_TOKEN,
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.9',
        origin: siteUrl,
      },
      body,
    });
  for (const step of ['migrations-run', 'database-loading']) {
    const answer = await install(step);
    expect(answer.status, answer.body.toString()).toBe(200);
  }
  const admin = await install('admin-loading', JSON.stringify(OWNER));
  expect(admin.status, admin.body.toString()).toBe(200);
  // https as the proxy says (X-Forwarded-Proto): a Secure session cookie.
  expect(String(admin.headers['set-cookie'])).toMatch(/;\s*Secure/i);

  // The client's address as nginx saw it, not the forged entry and not nginx's own address.
  const seen = await withSiteDatabase(server, (db) =>
    db
      .select({ ip: sessions.ip })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(users.username, OWNER.userName))
      .all(),
  );
  expect(seen.map((row) => row.ip)).toEqual([CLIENT_ADDRESS]);

  // A page through the proxy: served, over https as far as the server knows (HSTS).
  const page = await viaProxy(httpsPort, ca, '/en', { headers: { 'accept-encoding': 'identity' } });
  expect(page.status).toBe(200);
  expect(page.body.toString()).toContain('<html');
  expect(page.headers['strict-transport-security']).toBeTruthy();
  expect((await fetch(`${server.url}/en`)).headers.get('strict-transport-security')).toBeNull();

  // The server's own compression passes through nginx untouched, whichever the browser asks for.
  // A built script kept pre-compressed in both encodings (scripts/precompress.mjs).
  const assets = readdirSync('build/client/assets');
  const asset = `/assets/${assets.find((file) => file.endsWith('.js') && assets.includes(`${file}.br`) && assets.includes(`${file}.gz`))}`;
  const original = Buffer.from(
    await (await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
  );
  for (const [encoding, decode] of [
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const) {
    const file = await viaProxy(httpsPort, ca, asset!, { headers: { 'accept-encoding': encoding } });
    expect(file.headers['content-encoding']).toBe(encoding);
    expect(decode(file.body).equals(original)).toBe(true);
    const compressedPage = await viaProxy(httpsPort, ca, '/en', { headers: { 'accept-encoding': encoding } });
    expect(compressedPage.headers['content-encoding']).toBe(encoding);
    expect(decode(compressedPage.body).toString()).toContain('<html');
  }

  // The largest body the server takes (an image upload: MEDIA_MAX_BYTES, 10 MB, plus 64 KB)
  // reaches the server through nginx; one byte more gets the server's own refusal, not nginx's.
  const limit = 10 * 1024 * 1024 + 64 * 1024;
  const upload = (bytes: number) =>
    viaProxy(httpsPort, ca, '/api/media', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream', origin: siteUrl, 'x-locale': 'en' },
      body: Buffer.alloc(bytes),
    });
  const atLimit = await upload(limit);
  expect(atLimit.status).not.toBe(413);
  expect(String(atLimit.headers['content-type'])).toContain('application/json');
  const over = await upload(limit + 1);
  expect(over.status).toBe(413);
  expect(String(over.headers['content-type'])).toContain('application/json');
  expect(JSON.parse(over.body.toString()).data.limitBytes).toBe(limit);
}

test.skip(!nginx, 'skipped: nginx not installed (Debian: apt-get install -y nginx; .ci/run installs it)');
test.skip(!openssl, 'skipped: openssl not installed (Debian: apt-get install -y openssl)');

test('deploy/nginx/daftar.conf in front of the server: pages, client address, encodings, upload size, no WebSockets', async () => {
  test.setTimeout(120_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'daftar-nginx-'));
  chmodSync(folder, 0o755);
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const siteUrl = `https://localhost:${httpsPort}`;
  // As deploy/systemd/daftar.service runs it.
  const server = await startServer({ SETUP_TOKEN: E2E_SETUP_TOKEN, TRUST_PROXY: 'true', SITE_URL: siteUrl });
  let proxy: ChildProcess | undefined;
  let proxyLog = '';
  try {
    const cert = path.join(folder, 'cert.pem');
    const key = path.join(folder, 'key.pem');
    const made = spawnSync('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    expect(made.status, String(made.stderr)).toBe(0);
    const ca = readFileSync(cert, 'utf8');

    const serverPort = Number(new URL(server.url).port);
    writeFileSync(
      path.join(folder, 'daftar.conf'),
      adaptedConfig({ server: serverPort, http: httpPort, https: httpsPort }, cert, key),
    );
    for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(folder, dir));
    // Debian's nginx.conf `http` block as shipped (gzip on included), then the site's file.
    writeFileSync(
      path.join(folder, 'nginx.conf'),
      `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log;
events { worker_connections 64; }
http {
  sendfile on;
  tcp_nopush on;
  types_hash_max_size 2048;
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  ssl_protocols TLSv1.2 TLSv1.3;
  ssl_prefer_server_ciphers on;
  access_log ${folder}/access.log;
  gzip on;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  include ${folder}/daftar.conf;
}
`,
    );
    const checked = spawnSync(nginx!, [
      '-t',
      '-p',
      folder,
      '-c',
      path.join(folder, 'nginx.conf'),
      '-e',
      path.join(folder, 'error.log'),
    ]);
    expect(checked.status, String(checked.stderr)).toBe(0);
    proxy = spawn(
      nginx!,
      ['-p', folder, '-c', path.join(folder, 'nginx.conf'), '-e', path.join(folder, 'error.log'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    proxy.stderr?.on('data', (chunk) => {
      proxyLog += chunk;
    });
    await waitForPort(httpsPort, proxy, () => proxyLog);

    // Plain http is sent to https.
    const plain = await new Promise<{ status?: number; location?: string }>((resolve, reject) =>
      httpGet({ host: '127.0.0.1', port: httpPort, path: '/fa', headers: { host: 'localhost' } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, location: res.headers.location });
      }).on('error', reject),
    );
    expect(plain).toEqual({ status: 301, location: 'https://localhost/fa' });

    await checkThroughProxy(server, httpsPort, ca, siteUrl);

    // Nothing in the site opens a WebSocket or an event stream, so the config passes no Upgrade.
    const built = ['build/client/assets', 'build/server']
      .flatMap((dir) => readdirSync(dir, { recursive: true }).map((file) => path.join(dir, String(file))))
      .filter((file) => /\.(m?js)$/.test(file));
    expect(built.length).toBeGreaterThan(10);
    for (const file of built) expect(readFileSync(file, 'utf8'), file).not.toMatch(/new WebSocket\(|new EventSource\(/);
    expect(readFileSync('deploy/nginx/daftar.conf', 'utf8')).not.toMatch(/proxy_set_header\s+Upgrade/i);
  } finally {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy?.once('exit', resolve));
      proxy.kill('SIGQUIT');
      await exited;
    }
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});

const caddy = !spawnSync('caddy', ['version']).error;

test('deploy/caddy/Caddyfile in front of the server: the same checks', async () => {
  test.skip(!caddy, 'skipped: caddy not installed (Debian: apt-get install -y caddy; .ci/run installs it)');
  test.setTimeout(120_000);
  const folder = mkdtempSync(path.join(tmpdir(), 'daftar-caddy-'));
  const [httpPort, httpsPort] = [await freePort(), await freePort()];
  const siteUrl = `https://localhost:${httpsPort}`;
  const server = await startServer({ SETUP_TOKEN: E2E_SETUP_TOKEN, TRUST_PROXY: 'true', SITE_URL: siteUrl });
  let proxy: ChildProcess | undefined;
  let proxyLog = '';
  try {
    // The shipped file with only the name and upstream port changed, under test-only global
    // options: Caddy's own local certificate authority, no admin endpoint, the run's ports.
    let site = readFileSync('deploy/caddy/Caddyfile', 'utf8');
    for (const [from, to] of [
      ['example.com {', 'localhost {'],
      ['reverse_proxy 127.0.0.1:3000', `reverse_proxy 127.0.0.1:${new URL(server.url).port}`],
    ] as const) {
      expect(site, `deploy/caddy/Caddyfile no longer has ${from}`).toContain(from);
      site = site.replace(from, to);
    }
    const storage = path.join(folder, 'storage');
    writeFileSync(
      path.join(folder, 'Caddyfile'),
      `{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n\thttp_port ${httpPort}\n\thttps_port ${httpsPort}\n\tstorage file_system {\n\t\troot ${storage}\n\t}\n}\n\n${site}`,
    );
    proxy = spawn('caddy', ['run', '--config', path.join(folder, 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: { ...process.env, HOME: folder, XDG_DATA_HOME: folder, XDG_CONFIG_HOME: folder },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proxy.stderr?.on('data', (chunk) => {
      proxyLog += chunk;
    });
    await waitForPort(httpsPort, proxy, () => proxyLog);
    // The certificate is issued by Caddy's local authority right after start.
    const root = path.join(storage, 'pki/authorities/local/root.crt');
    await expect
      .poll(
        // Until the file exists, readFileSync throws and the poll tries again.
        () =>
          viaProxy(httpsPort, readFileSync(root, 'utf8'), '/api/health').then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 20_000 },
      )
      .toBe(200);
    await checkThroughProxy(server, httpsPort, readFileSync(root, 'utf8'), siteUrl);
  } finally {
    if (proxy && proxy.exitCode === null) {
      const exited = new Promise((resolve) => proxy?.once('exit', resolve));
      proxy.kill('SIGTERM');
      await exited;
    }
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});
