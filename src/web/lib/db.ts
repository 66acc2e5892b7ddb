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
  viewCount: number;
  isLogin: 0 | 1;
  isMember: 0 | 1;
}

/** SPEC section 3: the profile state kept in the browser. */
export interface ProfileState {
  display_name: string;
  user_avatar: string;
}

export type LecternDb = Dexie & {
  auth: Table<AuthState, string>;
  profile: Table<ProfileState, string>;
};

export const DB_NAME = 'lectern';
/** Each state table holds one row under this key. */
export const STATE_KEY = 'current';

/** Opens a database of the app's schema; tests pass a fresh name each. */
export function openDb(name: string = DB_NAME): LecternDb {
  const db = new Dexie(name) as LecternDb;
  db.version(1).stores({ auth: '', profile: '' });
  return db;
}

let shared: LecternDb | undefined;

/** The app's database, or undefined where IndexedDB does not exist (the server never opens it). */
export function getDb(): LecternDb | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  shared ??= openDb();
  return shared;
}
