/*
 * Reading a local git repository's objects (loose and packed) without holding a packfile in memory,
 * every object checked against its id (docs/content.md "A damaged repository").
 *
 * isomorphic-git reads a whole packfile into memory before it reads one object from it: 200 MB for a
 * packed 100 000-page repository, held by every process that published a page or opened the media
 * library (F-5: 1.3 GB at 100 000 pages), and it read a truncated tree as an empty folder (F-4). Here
 * a pack's index (28 bytes an object) is what stays in memory; an object is read from the packfile
 * at its offset, inflated, its delta chain resolved (a small cache of bases), and its SHA-1 compared
 * with the id asked for. Anything that does not match — a truncated or rewritten file, a pack entry
 * that does not inflate, an object a tree names and the repository lacks — is a
 * `RepositoryDamagedError` naming the object. isomorphic-git still writes (blobs, trees, refs, the
 * work tree's index): writing touches only new loose objects.
 */
import { createHash } from 'node:crypto';
import { type FileHandle, open, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { RepositoryDamagedError } from '../../server/content/repository';

export type GitObjectType = 'commit' | 'tree' | 'blob' | 'tag';
export type GitObject = { type: GitObjectType; body: Buffer };
export type GitTreeEntry = { mode: string; path: string; oid: string; type: 'blob' | 'tree' | 'commit' };
export type GitCommit = {
  tree: string;
  parents: string[];
  author: { name: string; timestamp: number };
  committer: { timestamp: number };
  message: string;
};

const TYPES: Record<number, GitObjectType> = { 1: 'commit', 2: 'tree', 3: 'blob', 4: 'tag' };
const OFS_DELTA = 6;
const REF_DELTA = 7;
/** Bytes of delta bases kept (packs chain similar objects up to 50 deep; a base is often asked for again soon). */
const BASE_CACHE_BYTES = 16 * 1024 * 1024;
/** git's id of the empty tree, which git treats as present in every repository. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

/** An object that is not in the repository (neither loose nor in a pack). */
export class GitObjectMissing extends Error {
  constructor(readonly oid: string) {
    super(`object ${oid} is not in the repository`);
    this.name = 'GitObjectMissing';
  }
}

type Pack = {
  file: string;
  handle: FileHandle;
  size: number;
  /** The .idx file: fan-out, sorted ids, CRCs, offsets. */
  idx: Buffer;
  count: number;
  /** Entry offsets in pack order, to find where an entry's compressed bytes end. */
  sorted: Float64Array;
};

function loadIndex(idx: Buffer, file: string) {
  // Version 2 (git's default since 1.5.2): magic \377tOc, version, 256 fan-out counts, ids, CRCs, offsets.
  if (idx.length < 8 + 1024 + 40 || idx.readUInt32BE(0) !== 0xff744f63 || idx.readUInt32BE(4) !== 2)
    throw new RepositoryDamagedError({ object: path.basename(file), detail: 'the pack index is not a version 2 index' });
  const count = idx.readUInt32BE(8 + 255 * 4);
  if (idx.length < 8 + 1024 + count * 28 + 40)
    throw new RepositoryDamagedError({ object: path.basename(file), detail: 'the pack index is cut short' });
  return count;
}

function offsetAt(idx: Buffer, count: number, i: number) {
  const base = 8 + 1024 + count * 24;
  const small = idx.readUInt32BE(base + i * 4);
  if (!(small & 0x80000000)) return small;
  const large = base + count * 4 + (small & 0x7fffffff) * 8;
  return idx.readUInt32BE(large) * 2 ** 32 + idx.readUInt32BE(large + 4);
}

/** Index of `oid` (20 bytes) in the pack's sorted ids, or -1. */
function findInIndex(pack: Pack, oid: Buffer) {
  const { idx } = pack;
  const first = oid[0]!;
  let low = first === 0 ? 0 : idx.readUInt32BE(8 + (first - 1) * 4);
  let high = idx.readUInt32BE(8 + first * 4) - 1;
  const names = 8 + 1024;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const order = idx.compare(oid, 0, 20, names + mid * 20, names + mid * 20 + 20);
    if (order === 0) return mid;
    if (order < 0) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** Applies a git delta to its base. */
function applyDelta(base: Buffer, delta: Buffer, oid: string): Buffer {
  let at = 0;
  const varint = () => {
    let value = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = delta[at++]!;
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && at < delta.length);
    return value;
  };
  const damaged = (detail: string) => new RepositoryDamagedError({ object: oid, detail });
  if (varint() !== base.length) throw damaged('a delta does not fit its base');
  const size = varint();
  const out = Buffer.allocUnsafe(size);
  let written = 0;
  while (at < delta.length) {
    const op = delta[at++]!;
    if (op & 0x80) {
      let offset = 0;
      let length = 0;
      for (let bit = 0; bit < 4; bit++) if (op & (1 << bit)) offset += delta[at++]! * 2 ** (8 * bit);
      for (let bit = 0; bit < 3; bit++) if (op & (1 << (4 + bit))) length += delta[at++]! * 2 ** (8 * bit);
      if (length === 0) length = 0x10000;
      if (offset + length > base.length || written + length > size) throw damaged('a delta copies outside its base');
      base.copy(out, written, offset, offset + length);
      written += length;
    } else if (op) {
      if (at + op > delta.length || written + op > size) throw damaged('a delta is cut short');
      delta.copy(out, written, at, at + op);
      at += op;
      written += op;
    } else throw damaged('a delta holds an unknown instruction');
  }
  if (written !== size) throw damaged('a delta is cut short');
  return out;
}

function inflate(data: Buffer, oid: string, where: string) {
  try {
    return inflateSync(data);
  } catch (error) {
    throw new RepositoryDamagedError({
      object: oid,
      detail: `its compressed bytes in ${where} do not inflate (${error instanceof Error ? error.message : String(error)})`,
    });
  }
}

const sha1 = (type: string, body: Buffer) => createHash('sha1').update(`${type} ${body.length}\0`).update(body).digest('hex');

/** The object reader of one repository's `.git` folder. `close()` releases the packfiles it opened. */
export function createGitObjects(gitdir: string) {
  let packs: Promise<Pack[]> | undefined;
  let listing = '';
  /** Delta bases by pack and offset, oldest first (a Map keeps insertion order). */
  const bases = new Map<string, { type: GitObjectType; body: Buffer }>();
  let baseBytes = 0;

  const openPacks = async (): Promise<Pack[]> => {
    const folder = path.join(gitdir, 'objects', 'pack');
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.idx')).sort();
    listing = names.join(',');
    const opened: Pack[] = [];
    for (const name of names) {
      const file = path.join(folder, name.replace(/\.idx$/, '.pack'));
      let handle: FileHandle;
      try {
        handle = await open(file, 'r');
      } catch {
        continue; // an index whose pack git is still writing (or has just removed)
      }
      const idx = await readFile(path.join(folder, name));
      const count = loadIndex(idx, name);
      const sorted = new Float64Array(count);
      for (let i = 0; i < count; i++) sorted[i] = offsetAt(idx, count, i);
      sorted.sort();
      opened.push({ file, handle, size: (await handle.stat()).size, idx, count, sorted });
    }
    return opened;
  };
  const currentPacks = () => {
    packs ??= openPacks();
    return packs;
  };
  /** The packs again when git has packed (gc, repack) since they were opened. */
  const refreshPacks = async () => {
    const folder = path.join(gitdir, 'objects', 'pack');
    const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.idx')).sort();
    if (names.join(',') === listing && packs) return false;
    const old = packs;
    packs = openPacks();
    bases.clear();
    baseBytes = 0;
    await old?.then((list) => Promise.all(list.map((pack) => pack.handle.close().catch(() => {}))));
    return true;
  };

  const remember = (key: string, value: { type: GitObjectType; body: Buffer }) => {
    if (value.body.length > BASE_CACHE_BYTES / 8) return;
    bases.set(key, value);
    baseBytes += value.body.length;
    for (const [oldest, entry] of bases) {
      if (baseBytes <= BASE_CACHE_BYTES) break;
      bases.delete(oldest);
      baseBytes -= entry.body.length;
    }
  };

  /** The object at `offset` of a pack (its delta chain resolved); `oid` names it in errors. */
  const readPacked = async (
    pack: Pack,
    offset: number,
    oid: string,
    depth = 0,
  ): Promise<{ type: GitObjectType; body: Buffer }> => {
    const key = `${pack.file}:${offset}`;
    const cached = bases.get(key);
    if (cached) return cached;
    const where = path.basename(pack.file);
    if (depth > 64) throw new RepositoryDamagedError({ object: oid, detail: `a delta chain in ${where} does not end` });
    // The entry ends where the next one starts (or at the pack's 20-byte trailer).
    let low = 0;
    let high = pack.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (pack.sorted[mid]! <= offset) low = mid + 1;
      else high = mid;
    }
    const end = low < pack.count ? pack.sorted[low]! : pack.size - 20;
    if (end > pack.size - 20 || offset >= end)
      throw new RepositoryDamagedError({ object: oid, detail: `${where} is cut short before it` });
    const entry = Buffer.allocUnsafe(end - offset);
    const { bytesRead } = await pack.handle.read(entry, 0, entry.length, offset);
    if (bytesRead < entry.length) throw new RepositoryDamagedError({ object: oid, detail: `${where} is cut short before it` });
    let at = 0;
    let byte = entry[at++]!;
    const kind = (byte >> 4) & 7;
    let size = byte & 15;
    let shift = 4;
    while (byte & 0x80) {
      byte = entry[at++]!;
      size += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    }
    let result: { type: GitObjectType; body: Buffer };
    if (kind === OFS_DELTA || kind === REF_DELTA) {
      let base: { type: GitObjectType; body: Buffer };
      if (kind === OFS_DELTA) {
        byte = entry[at++]!;
        let back = byte & 0x7f;
        while (byte & 0x80) {
          byte = entry[at++]!;
          back = (back + 1) * 128 + (byte & 0x7f);
        }
        base = await readPacked(pack, offset - back, oid, depth + 1);
      } else {
        const baseOid = entry.toString('hex', at, at + 20);
        at += 20;
        base = await readVerified(baseOid);
      }
      const delta = inflate(entry.subarray(at), oid, where);
      if (delta.length !== size) throw new RepositoryDamagedError({ object: oid, detail: `a delta in ${where} is cut short` });
      result = { type: base.type, body: applyDelta(base.body, delta, oid) };
    } else {
      const type = TYPES[kind];
      if (!type) throw new RepositoryDamagedError({ object: oid, detail: `an entry of ${where} has an unknown type` });
      const body = inflate(entry.subarray(at), oid, where);
      if (body.length !== size) throw new RepositoryDamagedError({ object: oid, detail: `an entry of ${where} is cut short` });
      result = { type, body };
    }
    remember(key, result);
    return result;
  };

  const readLoose = async (oid: string): Promise<GitObject | undefined> => {
    const file = path.join(gitdir, 'objects', oid.slice(0, 2), oid.slice(2));
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      return undefined;
    }
    const where = `objects/${oid.slice(0, 2)}/${oid.slice(2)}`;
    const raw = inflate(bytes, oid, where);
    const space = raw.indexOf(0x20);
    const nul = raw.indexOf(0);
    const type = raw.toString('latin1', 0, space) as GitObjectType;
    const size = Number(raw.toString('latin1', space + 1, nul));
    if (space < 0 || nul < space || !Object.values(TYPES).includes(type) || size !== raw.length - nul - 1)
      throw new RepositoryDamagedError({ object: oid, detail: `${where} is cut short or is not a git object` });
    return { type, body: raw.subarray(nul + 1) };
  };

  const findPacked = async (oid: string) => {
    const wanted = Buffer.from(oid, 'hex');
    for (const pack of await currentPacks()) {
      const i = findInIndex(pack, wanted);
      if (i >= 0) return readPacked(pack, offsetAt(pack.idx, pack.count, i), oid);
    }
    return undefined;
  };

  /** An object by id, checked against it. */
  async function readVerified(oid: string): Promise<GitObject> {
    if (!/^[0-9a-f]{40}$/.test(oid)) throw new GitObjectMissing(oid);
    if (oid === EMPTY_TREE) return { type: 'tree', body: Buffer.alloc(0) };
    const found =
      (await readLoose(oid)) ??
      (await findPacked(oid)) ??
      // Packed since the packs were opened (git gc moved the loose object into a new pack)?
      ((await refreshPacks()) ? await findPacked(oid) : undefined);
    if (!found) throw new GitObjectMissing(oid);
    if (sha1(found.type, found.body) !== oid)
      throw new RepositoryDamagedError({ object: oid, detail: 'its bytes do not match its id (changed or cut short)' });
    return found;
  }

  /** An object of the expected type; a missing one is damage when something named it (a tree, a commit). */
  async function readTyped(oid: string, type: GitObjectType): Promise<Buffer> {
    let object: GitObject;
    try {
      object = await readVerified(oid);
    } catch (error) {
      if (error instanceof GitObjectMissing) throw new RepositoryDamagedError({ object: oid, detail: 'it is missing' });
      throw error;
    }
    if (object.type !== type) throw new RepositoryDamagedError({ object: oid, detail: `it is a ${object.type}, not a ${type}` });
    return object.body;
  }

  return {
    read: readVerified,
    async blob(oid: string) {
      return readTyped(oid, 'blob');
    },
    async tree(oid: string): Promise<GitTreeEntry[]> {
      const body = await readTyped(oid, 'tree');
      const entries: GitTreeEntry[] = [];
      let at = 0;
      while (at < body.length) {
        const space = body.indexOf(0x20, at);
        const nul = body.indexOf(0, space);
        if (space < 0 || nul < 0 || nul + 21 > body.length)
          throw new RepositoryDamagedError({ object: oid, detail: 'the tree is cut short' });
        const mode = body.toString('latin1', at, space);
        const type = mode === '40000' ? 'tree' : mode === '160000' ? 'commit' : 'blob';
        entries.push({ mode, path: body.toString('utf8', space + 1, nul), oid: body.toString('hex', nul + 1, nul + 21), type });
        at = nul + 21;
      }
      return entries;
    },
    async commit(oid: string): Promise<GitCommit> {
      const text = (await readTyped(oid, 'commit')).toString('utf8');
      const split = text.indexOf('\n\n');
      const headers = (split < 0 ? text : text.slice(0, split)).split('\n');
      const field = (name: string) =>
        headers.filter((line) => line.startsWith(`${name} `)).map((line) => line.slice(name.length + 1));
      const person = (line: string | undefined) => {
        const match = line ? /^(.*) <[^>]*> (\d+) [+-]\d{4}$/.exec(line) : null;
        return match ? { name: match[1]!, timestamp: Number(match[2]) } : undefined;
      };
      const tree = field('tree')[0];
      const author = person(field('author')[0]);
      const committer = person(field('committer')[0]);
      if (!tree || !/^[0-9a-f]{40}$/.test(tree) || !author || !committer)
        throw new RepositoryDamagedError({ object: oid, detail: 'the commit is cut short or malformed' });
      return {
        tree,
        parents: field('parent'),
        author,
        committer: { timestamp: committer.timestamp },
        message: split < 0 ? '' : text.slice(split + 2),
      };
    },
    async close() {
      const list = await packs?.catch(() => []);
      packs = undefined;
      bases.clear();
      await Promise.all((list ?? []).map((pack) => pack.handle.close().catch(() => {})));
    },
  };
}

export type GitObjects = ReturnType<typeof createGitObjects>;
