import { Dexie, type Table } from 'dexie';

/**
 * What an editor typed, kept on this device at every change: a closed tab, a crash or a lost connection loses
 * no keystroke. `dirty` until the site has the same fields; `base_version` is the site's version the typing
 * started from (a save against it is refused once someone else saved since).
 */
export interface DeviceDraft {
  /** `article:12`, or `article:new` (`lesson:new:<course>`) before the first save. */
  key: string;
  fields: Record<string, unknown>;
  base_version: string;
  dirty: boolean;
  /** The staff account it belongs to: another account on this device never opens it. */
  owner: number;
  saved_at: number;
}

type WritingDb = Dexie & { drafts: Table<DeviceDraft, string> };

let db: WritingDb | undefined;

/** A database of the writing screens' own (the app's database stays as it is), or undefined without IndexedDB. */
function writingDb(): WritingDb | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  if (!db) {
    db = new Dexie('lectern-writing') as WritingDb;
    db.version(1).stores({ drafts: 'key, owner' });
  }
  return db;
}

export async function readDraft(key: string, owner: number): Promise<DeviceDraft | undefined> {
  const row = await writingDb()?.drafts.get(key);
  return row && row.owner === owner ? row : undefined;
}

export async function writeDraft(draft: DeviceDraft): Promise<void> {
  await writingDb()?.drafts.put(draft);
}

export async function dropDraft(key: string): Promise<void> {
  await writingDb()?.drafts.delete(key);
}
