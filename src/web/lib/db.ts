import { Dexie, type Table } from 'dexie';

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

export type LecternDb = Dexie & {
  auth: Table<AuthState, string>;
  profile: Table<ProfileState, string>;
  device: Table<DeviceState, string>;
};

export const DB_NAME = 'lectern';
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
  return db;
}

let shared: LecternDb | undefined;

/** The app's database, or undefined where IndexedDB does not exist (the server never opens it). */
export function getDb(): LecternDb | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  shared ??= openDb();
  return shared;
}
