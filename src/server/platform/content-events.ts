import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Bus, Notice } from './cluster/bus.js';

/**
 * Notification that something a process keeps in memory changed: public content (the SSR page cache, feed and
 * guest caches, the related index listen and drop what they hold) or ended sessions (the session-is-live cache).
 * The process that made the change acts at once; with a bus attached, every other process of the site hears of
 * it within a second (cluster IPC, PostgreSQL LISTEN/NOTIFY or Redis pub/sub), and the caches' time to live
 * bounds what a lost notice costs.
 */
export class ContentEvents {
  private readonly emitter = new EventEmitter();
  private version = 0;
  private bus: Bus | undefined;
  /** This process's name on the bus: its own notices come back on some transports and are ignored. */
  readonly origin = randomUUID();

  constructor() {
    // Every cache of a process listens; the default warning at 10 listeners is meant for leaks, not this.
    this.emitter.setMaxListeners(0);
  }

  get current(): number {
    return this.version;
  }

  /** Which transport carries notices to the other processes. */
  get transport(): Bus['kind'] {
    return this.bus?.kind ?? 'local';
  }

  attach(bus: Bus): void {
    this.bus = bus;
    bus.subscribe((notice) => {
      if (notice.origin !== this.origin) this.apply(notice);
    });
  }

  changed(reason: string): void {
    this.apply({ origin: this.origin, topic: 'content', data: [reason] });
    this.bus?.publish({ origin: this.origin, topic: 'content', data: [reason] });
  }

  onChanged(listener: (reason: string) => void): void {
    this.emitter.on('changed', listener);
  }

  /** Sessions (refresh-token families) that ended: no process may take them for live any more. */
  sessionsEnded(ids: string[]): void {
    if (ids.length === 0) return;
    this.apply({ origin: this.origin, topic: 'sessions', data: ids });
    this.bus?.publish({ origin: this.origin, topic: 'sessions', data: ids });
  }

  onSessionsEnded(listener: (ids: string[]) => void): void {
    this.emitter.on('sessions', listener);
  }

  private apply(notice: Notice): void {
    if (notice.topic === 'content') {
      this.version += 1;
      for (const reason of notice.data) this.emitter.emit('changed', reason);
    } else {
      this.emitter.emit('sessions', notice.data);
    }
  }
}
