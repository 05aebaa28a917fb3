import { MAX_WEBHOOK_URL_LENGTH } from '../../common/outgoing-webhooks';

/*
 * Which addresses an outgoing webhook may reach (SSRF; docs/outgoing-webhooks.md). A URL is judged
 * after the WHATWG parser normalised it, so `http://2130706433/`, `http://0x7f.1/` and
 * `http://017700000001/` are all `127.0.0.1` here. Unless OUTGOING_WEBHOOKS_ALLOW_PRIVATE is set,
 * nothing private, loopback, link-local, shared (CGNAT), multicast, reserved or documentation-only
 * is reachable, in IPv4 or IPv6 (IPv4 inside IPv6 included), nor names meant for a local network.
 * The address a name resolves to is checked again when connecting (the Node sender's `lookup`).
 */

/** [first address as a 32-bit number, prefix length] */
const PRIVATE_V4: [number, number][] = [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
].map(([start, bits]) => [v4ToNumber(start as string) as number, bits as number]);

function v4ToNumber(address: string): number | undefined {
  const parts = address.split('.');
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

function privateV4(value: number) {
  return PRIVATE_V4.some(([start, bits]) => Math.floor(value / 2 ** (32 - bits)) === Math.floor(start / 2 ** (32 - bits)));
}

/** An IPv6 address as eight 16-bit numbers, or undefined when it is not one (a dotted IPv4 tail allowed). */
function v6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/^\[|\]$/g, '');
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail) {
    const v4 = v4ToNumber(tail[1] as string);
    if (v4 === undefined) return undefined;
    text = `${text.slice(0, tail.index)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string) => (part ? part.split(':') : []);
  const head = parse(halves[0] as string);
  const rest = halves.length === 2 ? parse(halves[1] as string) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? head.length !== 8 : missing < 1) return undefined;
  const groups = [...head, ...Array.from({ length: halves.length === 2 ? missing : 0 }, () => '0'), ...rest];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => Number.parseInt(group, 16));
}

function privateV6(groups: number[]): boolean {
  const [a = 0, b = 0] = groups;
  const embeddedV4 = ((groups[6] ?? 0) * 65536 + (groups[7] ?? 0)) >>> 0;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 8)) return true; // ::
  if (zeros(0, 7) && groups[7] === 1) return true; // ::1
  if (zeros(0, 5) && groups[5] === 0xffff) return privateV4(embeddedV4); // ::ffff:a.b.c.d (mapped)
  if (zeros(0, 6)) return true; // ::a.b.c.d (deprecated compatible)
  if (a === 0x64 && b === 0xff9b) return privateV4(embeddedV4); // NAT64
  if (a === 0x2002) return privateV4(((groups[1] ?? 0) * 65536 + (groups[2] ?? 0)) >>> 0); // 6to4
  if ((a & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local (fd00:ec2::254 metadata)
  if ((a & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((a & 0xffc0) === 0xfec0) return true; // fec0::/10 site-local (deprecated)
  if ((a & 0xff00) === 0xff00) return true; // multicast
  if (a === 0x2001 && b === 0x0db8) return true; // documentation
  if (a === 0x0100 && zeros(1, 4)) return true; // discard prefix 100::/64
  if (a === 0x2001 && b < 0x0200) return true; // 2001::/23 IETF protocol assignments (Teredo, ORCHID…)
  return false;
}

/** Whether an IP address (v4 or v6, as a resolver or the URL parser writes it) is not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const v4 = v4ToNumber(address);
  if (v4 !== undefined) return privateV4(v4);
  const groups = v6Groups(address);
  // Not an address at all: refuse rather than guess.
  return groups ? privateV6(groups) : true;
}

/** Whether a URL host is an IP literal (`127.0.0.1`, `[::1]`) rather than a name. */
export function isIpLiteral(host: string): boolean {
  return v4ToNumber(host) !== undefined || (host.startsWith('[') && host.endsWith(']'));
}

/** Names that only mean something on a local network or the machine itself. */
function localName(host: string) {
  return (
    !host.includes('.') ||
    /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/.test(host) ||
    host.endsWith('.')
  );
}

/** Why a URL may not be an endpoint (a message key), or undefined when it may. */
export type UrlRefusal = 'invalid' | 'scheme' | 'credentials' | 'private';

/**
 * The rules a URL must pass when saved and again before each delivery: http(s) only, no user or
 * password in it, and (unless private addresses are allowed) no private IP literal and no local name.
 */
export function refuseWebhookUrl(value: string, { allowPrivate }: { allowPrivate: boolean }): UrlRefusal | undefined {
  if (value.length > MAX_WEBHOOK_URL_LENGTH) return 'invalid';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (allowPrivate) return undefined;
  const host = url.hostname.toLowerCase();
  if (isIpLiteral(host)) return isPrivateAddress(host) ? 'private' : undefined;
  return localName(host) ? 'private' : undefined;
}
