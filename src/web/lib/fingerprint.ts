import { guestPaths } from '../../shared/api/guest-paths.js';
import { AUTH_DEBOUNCE_MS } from '../../shared/constants.js';
import { getDb, STATE_KEY, type LecternDb } from './db.js';
import { ApiError, type HttpClient } from './http.js';

/** Random bytes of a new fingerprint: 24 bytes are 32 URL-safe characters (the server takes 8 to 128). */
const FINGERPRINT_BYTES = 24;

/**
 * A new device fingerprint: random, so it says nothing about the device (it is not a hash of the browser's
 * traits), and made of the letters, digits, "-" and "_" the server accepts.
 */
export function generateFingerprint(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(FINGERPRINT_BYTES));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function readFingerprint(db: LecternDb | undefined = getDb()): Promise<string> {
  const row = db ? await db.device.get(STATE_KEY) : undefined;
  return row?.userfinger ?? '';
}

/** Keeps the fingerprint; a new one starts with no server id and no count (the server's count is per fingerprint). */
async function saveFingerprint(db: LecternDb | undefined, userfinger: string): Promise<void> {
  if (!db) return;
  await db.transaction('rw', db.device, async () => {
    const current = await db.device.get(STATE_KEY);
    await db.device.put(current?.userfinger === userfinger ? current : { userfinger }, STATE_KEY);
  });
}

/** The server's id of the fingerprint, for the guest view-count calls. */
async function saveFingerprintId(db: LecternDb | undefined, userfinger: string, id: number): Promise<void> {
  if (!db) return;
  await db.transaction('rw', db.device, async () => {
    const current = await db.device.get(STATE_KEY);
    if (current?.userfinger === userfinger && current.userfinger_id !== id) await db.device.put({ ...current, userfinger_id: id }, STATE_KEY);
  });
}

export interface VerifyFingerprintOptions {
  http: HttpClient;
  db?: LecternDb;
  /** The logged-in user's id, to tie the fingerprint to the account (0 or absent for a guest). */
  userId?: number;
  generate?: () => string;
}

/**
 * SPEC section 4, "Verify fingerprint": the stored fingerprint, or a new one when none is stored; checked with
 * the server, replaced by a new one when the server does not answer 200; then registered. Without a network
 * the stored one is kept as it is (the server cannot be asked, and forgetting it would forget the meter).
 */
export async function verifyFingerprint({ http, db = getDb(), userId = 0, generate = generateFingerprint }: VerifyFingerprintOptions): Promise<string> {
  let userfinger = await readFingerprint(db);
  if (!userfinger) {
    userfinger = generate();
  } else {
    try {
      await http.get(guestPaths.userfinger, { userfinger }, { anonymous: true });
    } catch (err) {
      if (!(err instanceof ApiError) || err.status === 0) return userfinger;
      userfinger = generate();
    }
  }
  await saveFingerprint(db, userfinger);
  const registered = await http.post<{ id?: number } | undefined>(guestPaths.userfinger, { userfinger, user_id: userId || null });
  if (typeof registered?.id === 'number') await saveFingerprintId(db, userfinger, registered.id);
  return userfinger;
}

/**
 * Runs `run` at most once per `ms` for the same key: calls while a run is under way, or within `ms` after it
 * ended, share its result (SPEC section 9: auth actions debounced at 500 ms). A failed run is not shared with
 * later calls.
 */
export function debounceShared<A extends unknown[], T>(
  run: (...args: A) => Promise<T>,
  keyOf: (...args: A) => string,
  ms: number,
  now: () => number = Date.now,
) {
  let current: { key: string; promise: Promise<T>; settledAt: number | null } | null = null;
  return (...args: A): Promise<T> => {
    const key = keyOf(...args);
    if (current && current.key === key && (current.settledAt === null || now() - current.settledAt < ms)) return current.promise;
    const entry: { key: string; promise: Promise<T>; settledAt: number | null } = { key, promise: Promise.resolve() as Promise<T>, settledAt: null };
    entry.promise = run(...args).then(
      (value) => {
        entry.settledAt = now();
        return value;
      },
      (err: unknown) => {
        if (current === entry) current = null;
        throw err;
      },
    );
    current = entry;
    return entry.promise;
  };
}

const debounced = debounceShared(
  (http: HttpClient, userId: number) => verifyFingerprint({ http, userId }),
  (_http, userId) => String(userId),
  AUTH_DEBOUNCE_MS,
);

/** The tab's verified fingerprint for the app's database, verified at most once per 500 ms per user. */
export function deviceFingerprint(http: HttpClient, userId = 0): Promise<string> {
  return debounced(http, userId);
}
