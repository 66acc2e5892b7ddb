import { Dexie, type Table } from 'dexie';
import type { Basket } from '../../shared/api/shop.js';
import { DB_NAME } from './session/device-session.js';

/** SPEC section 3: the auth state kept in the browser across visits. */
export interface AuthState {
  userfinger: string;
  /** 0 when logged out. */
  userid: number;
  username: string;
  email: string;
  access_token: string;
  refresh_token: string;
  access_token_expiration: string;
  refresh_token_expiration: string;
  /** The logged-in user's count of premium articles opened under the meter this month, as the server last said. */
  viewCount: number;
  /** The month (UTC, `YYYY-MM`) of `viewCount`; a count of an earlier month starts again at 0. */
  viewCountMonth: string;
  isLogin: 0 | 1;
  isMember: 0 | 1;
}

/** SPEC section 3: the profile state kept in the browser. */
export interface ProfileState {
  display_name: string;
  user_avatar: string;
}

/**
 * What belongs to this device rather than to an account: the guest's generated fingerprint. Logging in or
 * out never touches it, so a guest's metered reads stay with the device.
 */
export interface DeviceState {
  userfinger: string;
  /** The server's id of the fingerprint, once registered (the guest view-count calls name it). */
  userfinger_id?: number;
  /** The guest's count of premium articles opened under the meter this month, as the server last said. */
  viewCount?: number;
  /** The month (UTC, `YYYY-MM`) of `viewCount`. */
  viewCountMonth?: string;
}

/**
 * One course or article saved for offline reading (the offline library). Its bytes are in Cache Storage: the
 * shared offline cache for a guest (owner 0), the owner's own cache otherwise.
 */
export interface LibraryItem {
  /** Owner, kind and id: `0:course:12` (a guest's), `7:article:34`. */
  key: string;
  kind: 'course' | 'article';
  id: number;
  title: string;
  /** Bytes stored for it. */
  size: number;
  /** The server's version of what was saved (a course's manifest version; an article's update time). */
  version: string;
  /** ISO time the save ended. */
  saved_at: string;
  /** The user it was saved by, or 0 for a guest. */
  owner: number;
  /** Lessons saved (0 for an article). */
  lesson_count: number;
  /** Every URL stored for it, so removing it deletes exactly those entries. */
  urls: string[];
  /** Only members may read it (a premium article or course); rows saved before this was kept lack it. */
  members_only?: boolean;
}

/** A lesson marked done while offline, waiting to be sent (oldest first). */
export interface ProgressOutboxEntry {
  seq?: number;
  user_id: number;
  course_id: number;
  lesson_id: number;
  done: boolean;
  position: number;
  /** The device's clock when the reader marked it: the server keeps the later change per lesson. */
  client_updated_at: string;
}

/** A basket change waiting to be sent (the shop's outbox), oldest first; `owner` 0 is a guest's basket on this device. */
export interface BasketOpRow {
  seq?: number;
  owner: number;
  /** The client operation id (`Idempotency-Key`): a replay of the same change changes nothing on the server. */
  opId: string;
  kind: 'add' | 'set' | 'remove';
  /** The line: product id and option values (`12:[[3,"For Ann"]]`). */
  key: string;
  product: number;
  options: { option: number; value: string }[];
  /** Added (add), the new quantity (set), 0 (remove). */
  quantity: number;
  /** What the shopper saw when making the change, to show it before the server answers. */
  title: string;
  productClass: string;
  unitPrice: number | null;
  currency: string;
  /** The request as first sent, so every retry sends the same one. */
  request?: { method: 'POST' | 'PATCH' | 'DELETE'; path: string; body?: unknown };
  createdAt: string;
}

/** The last basket the server answered, per owner, shown while offline. */
export interface BasketSnapshotRow {
  owner: number;
  basket: Basket;
  savedAt: string;
}

/** Something the server changed or refused in a basket, kept until the shopper dismisses it. */
export interface BasketNoticeRow {
  id?: number;
  owner: number;
  code: string;
  title: string;
  old: number | null;
  new: number | null;
  currency: string;
  reason: string;
  at: string;
}

export type LecternDb = Dexie & {
  auth: Table<AuthState, string>;
  profile: Table<ProfileState, string>;
  device: Table<DeviceState, string>;
  library: Table<LibraryItem, string>;
  progressOutbox: Table<ProgressOutboxEntry, number>;
  basketOps: Table<BasketOpRow, number>;
  basketSnapshots: Table<BasketSnapshotRow, number>;
  basketNotices: Table<BasketNoticeRow, number>;
};

export { DB_NAME };
/** Each state table holds one row under this key. */
export const STATE_KEY = 'current';

/** Opens a database of the app's schema; tests pass a fresh name each. */
export function openDb(name: string = DB_NAME): LecternDb {
  const db = new Dexie(name) as LecternDb;
  db.version(1).stores({ auth: '', profile: '' });
  // Version 2 adds the device table; the auth and profile rows stay as they are. A fingerprint kept in the
  // auth row by an earlier version moves to the device row.
  db.version(2)
    .stores({ auth: '', profile: '', device: '' })
    .upgrade(async (tx) => {
      const auth = (await tx.table('auth').get(STATE_KEY)) as Partial<AuthState> | undefined;
      if (auth?.userfinger) await tx.table('device').put({ userfinger: auth.userfinger }, STATE_KEY);
    });
  // Version 3 adds the offline library and the outbox of progress made offline.
  db.version(3).stores({ library: 'key, owner, kind', progressOutbox: '++seq, user_id' });
  // Version 4 adds the shop's basket: the outbox of changes, the last basket the server answered, and its notices.
  db.version(4).stores({ basketOps: '++seq, owner', basketSnapshots: 'owner', basketNotices: '++id, owner' });
  return db;
}

let shared: LecternDb | undefined;

/** The app's database, or undefined where IndexedDB does not exist (the server never opens it). */
export function getDb(): LecternDb | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  shared ??= openDb();
  return shared;
}
