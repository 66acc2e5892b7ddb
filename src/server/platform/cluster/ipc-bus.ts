import type { Bus, Notice } from './bus.js';
import { CLUSTER_NOTICE, isNotice } from './bus.js';

interface IpcProcess {
  send?: (message: unknown) => boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
  connected?: boolean;
}

/**
 * Workers of one machine without PostgreSQL or Redis (the embedded SQLite site): a notice goes to the cluster's
 * primary over the IPC channel Node gives every worker, and the primary hands it to every other worker.
 */
export function ipcBus(proc: IpcProcess = process): Bus {
  const listeners: ((notice: Notice) => void)[] = [];
  const onMessage = (message: unknown) => {
    const m = message as { type?: unknown; notice?: unknown } | null;
    if (m?.type !== CLUSTER_NOTICE || !isNotice(m.notice)) return;
    for (const listener of listeners) listener(m.notice);
  };
  proc.on('message', onMessage);
  return {
    kind: 'cluster',
    publish(notice) {
      if (proc.connected !== false) proc.send?.({ type: CLUSTER_NOTICE, notice });
    },
    subscribe(listener) {
      listeners.push(listener);
    },
    async close() {
      proc.off('message', onMessage);
    },
  };
}
