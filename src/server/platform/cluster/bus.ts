/**
 * Notices between the processes of one site: what one process changed, so every other drops what it keeps in
 * memory about it. A notice is small and may be lost (a process that misses one still drops its caches after
 * their time to live); it is never an instruction to do work.
 */
export interface Notice {
  /** The process that sent it: a process ignores its own notices, which it acted on at once. */
  origin: string;
  topic: 'content' | 'sessions';
  /** Content: the reasons (`article:12 published`); sessions: the ended session ids. */
  data: string[];
}

export interface Bus {
  /** Which transport carries the notices: `local` (one process), `cluster`, `postgres` or `redis`. */
  readonly kind: 'local' | 'cluster' | 'postgres' | 'redis';
  publish(notice: Notice): void;
  subscribe(listener: (notice: Notice) => void): void;
  close(): Promise<void>;
}

/** The IPC message type the cluster's primary relays from one worker to the others. */
export const CLUSTER_NOTICE = 'lectern:notice';

export function isNotice(value: unknown): value is Notice {
  const n = value as Partial<Notice> | null;
  return (
    typeof n === 'object' &&
    n !== null &&
    typeof n.origin === 'string' &&
    (n.topic === 'content' || n.topic === 'sessions') &&
    Array.isArray(n.data) &&
    n.data.every((d) => typeof d === 'string')
  );
}

/** One process alone: nobody to tell. */
export function localBus(): Bus {
  return { kind: 'local', publish() {}, subscribe() {}, close: async () => {} };
}
