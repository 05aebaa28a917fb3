import Dexie from 'dexie';
import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addInboxEvent, getInbox, INBOX_NAME, openInbox, resetInbox } from './inbox';

// Test files share modules (isolate: false): Dexie may already be loaded, so hand it the fake IndexedDB directly.
Dexie.dependencies.indexedDB = indexedDB;
Dexie.dependencies.IDBKeyRange = IDBKeyRange;

const event = (status: string, content = 'hello') => ({
  kind: 1,
  content,
  created_at: Math.floor(Date.now() / 1000),
  tags: [['t', 'note']],
  pubkey: 'a'.repeat(64),
  status,
});

afterEach(async () => {
  await resetInbox();
});

describe('local inbox', () => {
  it('is the database "inbox", version 1, with the events table and its indexes', async () => {
    const db = getInbox();
    await db.open();
    expect(db.name).toBe(INBOX_NAME);
    expect(db.verno).toBe(1);
    const schema = db.events.schema;
    expect(schema.primKey.auto).toBe(true);
    expect(schema.primKey.name).toBe('id');
    expect(schema.indexes.map((index) => index.name).sort()).toEqual([
      'content',
      'created_at',
      'kind',
      'pubkey',
      'status',
      'tags',
    ]);
  });

  it('an event added with status Sending is picked up by the sync step (a debug log)', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const id = await addInboxEvent(event('Sending'));
    expect(id).toBeTypeOf('number');
    await vi.waitFor(() =>
      expect(debug).toHaveBeenCalledWith(expect.stringContaining('sync'), expect.objectContaining({ id, status: 'Sending' })),
    );
  });

  it('other statuses are stored without a sync step', async () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    const id = await addInboxEvent(event('Draft'));
    // A later Sending event is synced; a sync for the Draft would have been scheduled, and run, before it.
    const later = await addInboxEvent(event('Sending', 'later'));
    await vi.waitFor(() => expect(debug).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ id: later })));
    expect(debug).toHaveBeenCalledTimes(1);
    expect(await getInbox().events.get(id as number)).toMatchObject({ status: 'Draft', content: 'hello' });
  });

  it('opening picks up events still waiting from an earlier visit', async () => {
    const db = getInbox();
    await db.events.bulkAdd([event('Draft', 'a'), event('Sending', 'b')].map((e) => e as never));
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    await openInbox();
    expect(debug).toHaveBeenCalledWith(expect.stringContaining('sync'), expect.objectContaining({ content: 'b' }));
    expect(debug).not.toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ content: 'a' }));
  });

  it('logout deletes the database and recreates it empty with the same schema', async () => {
    vi.spyOn(console, 'debug').mockImplementation(() => undefined);
    await addInboxEvent(event('Draft'));
    const before = getInbox();
    await resetInbox();
    const after = getInbox();
    expect(after).not.toBe(before);
    expect(after.isOpen()).toBe(true);
    expect(after.verno).toBe(1);
    expect(await after.events.count()).toBe(0);
    expect(after.events.schema.indexes.map((index) => index.name).sort()).toEqual([
      'content',
      'created_at',
      'kind',
      'pubkey',
      'status',
      'tags',
    ]);
    expect(await addInboxEvent(event('Draft'))).toBeTypeOf('number');
  });

  it('failures go to the console, never to the caller', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const db = getInbox();
    await db.open();
    vi.spyOn(db.events, 'add').mockRejectedValueOnce(new Error('quota exceeded'));
    await expect(addInboxEvent(event('Sending'))).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledWith(expect.stringContaining('inbox'), expect.any(Error));
  });
});
