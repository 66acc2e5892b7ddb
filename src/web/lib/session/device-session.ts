import { HANDOFF_MARKER_COOKIE } from '../../../shared/api/handoff-paths.js';
import type { AuthState, ProfileState } from '../db.js';
import { EMPTY_TOKENS } from './machines/session-tokens.js';

/*
 * What the page can tell about this device's session without Dexie: a device that never stored anything (a
 * first visit) holds no session, so the header, the paywall and the save controls can treat the reader as a guest
 * at once, and Dexie and XState load only when a login, a saved article or a protected page needs them.
 */

/** The name of the app's IndexedDB database (`db.ts` opens it). */
export const DB_NAME = 'lectern';

export const DEFAULT_AUTH_STATE: Readonly<AuthState> = Object.freeze({
  userfinger: '',
  userid: 0,
  username: '',
  email: '',
  ...EMPTY_TOKENS,
  viewCount: 0,
  viewCountMonth: '',
  isLogin: 0,
  isMember: 0,
});

export const DEFAULT_PROFILE_STATE: Readonly<ProfileState> = Object.freeze({ display_name: '', user_avatar: '' });

/** Whether the server left a login to pick up (the readable marker of a login form posted without script). */
export function hasHandoffMarker(cookie: string): boolean {
  return cookie.split(';').some((part) => part.trim() === `${HANDOFF_MARKER_COOKIE}=1`);
}

let pickingUp = false;

/** Marks that this tab has started picking up a login left by a form (`handoff.ts`): the device holds one soon. */
export function notePickUp(): void {
  pickingUp = true;
}

/** The parts of the browser the check reads (tests pass their own). */
export interface DeviceProbe {
  cookie: string;
  /** `indexedDB.databases`, where the browser has it. */
  databases?: () => Promise<Array<{ name?: string }>>;
}

function browserProbe(): DeviceProbe {
  const idb = typeof indexedDB === 'undefined' ? undefined : indexedDB;
  return {
    cookie: typeof document === 'undefined' ? '' : document.cookie,
    databases: typeof idb?.databases === 'function' ? () => idb.databases() : undefined,
  };
}

/**
 * False only when this device certainly holds no session: no login waits to be picked up (or is being picked up
 * in this tab) and the browser lists its databases without the app's. Where the browser cannot list them (or the
 * listing fails) the answer is true, and the stored rows are read as before.
 */
export async function deviceMayHoldSession(probe: DeviceProbe = browserProbe()): Promise<boolean> {
  // A login being picked up (its marker already removed, its rows not yet written) is a session too.
  if (pickingUp || hasHandoffMarker(probe.cookie)) return true;
  if (!probe.databases) return true;
  try {
    return (await probe.databases()).some((db) => db.name === DB_NAME);
  } catch {
    return true;
  }
}
