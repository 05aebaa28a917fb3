import Dexie, { type EntityTable } from 'dexie';

/*
 * The local inbox (docs/spec.md §3, §4): an IndexedDB database `inbox`, version 1, with one table of
 * events. An event added with status `Sending` is picked up by a sync step, which for now only
 * writes a debug log (the spec shows no sending). Logout deletes the database and recreates it
 * with the same schema. Failures go to the console only; the page never breaks over the inbox.
 */
export const INBOX_NAME = 'inbox';
export const INBOX_VERSION = 1;
export const INBOX_SCHEMA = { events: '++id, kind, content, created_at, tags, pubkey, status' } as const;

export type InboxStatus = 'Sending' | (string & {});
export type InboxEvent = {
  id: number;
  kind: number;
  content: string;
  /** Seconds since the epoch. */
  created_at: number;
  tags: string[][];
  pubkey: string;
  status: InboxStatus;
};
export type InboxDatabase = Dexie & { events: EntityTable<InboxEvent, 'id'> };

let instance: InboxDatabase | undefined;

function createInbox(): InboxDatabase {
  const db = new Dexie(INBOX_NAME) as InboxDatabase;
  db.version(INBOX_VERSION).stores(INBOX_SCHEMA);
  db.events.hook('creating', function (_key, event) {
    // After the write commits, outside Dexie's transaction zone.
    if (event.status === 'Sending') this.onsuccess = (id) => setTimeout(() => void syncEvent(db, id));
  });
  return db;
}

/** The inbox of this page (created on first use, in the browser only). */
export function getInbox(): InboxDatabase {
  instance ??= createInbox();
  return instance;
}

/** The sync step for one event: logs it while it is still waiting to be sent. */
async function syncEvent(db: InboxDatabase, id: number) {
  try {
    const event = await db.events.get(id);
    if (event?.status === 'Sending') console.debug('[inbox] sync: event waiting to be sent', event);
  } catch (error) {
    console.error('[inbox] sync failed', error);
  }
}

/** Adds an event; one with status `Sending` starts the sync step. */
export async function addInboxEvent(event: Omit<InboxEvent, 'id'>): Promise<number | undefined> {
  try {
    return await getInbox().events.add(event as InboxEvent);
  } catch (error) {
    console.error('[inbox] could not store the event', error);
    return undefined;
  }
}

/** Opens the inbox and runs the sync step for events left `Sending` by an earlier visit. */
export async function openInbox() {
  try {
    const db = getInbox();
    await db.open();
    const waiting = await db.events.where('status').equals('Sending').primaryKeys();
    for (const id of waiting) await syncEvent(db, id);
  } catch (error) {
    console.error('[inbox] could not open the local inbox', error);
  }
}

/** Logout: deletes the database and recreates it empty, with the same schema. */
export async function resetInbox() {
  try {
    await getInbox().delete();
    instance = createInbox();
    await instance.open();
  } catch (error) {
    console.error('[inbox] could not wipe the local inbox', error);
  }
}
