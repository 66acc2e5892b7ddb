import { EventEmitter } from 'node:events';

/**
 * In-process notification that public content changed: the SSR page cache and feed caches listen and
 * drop what they hold. Several processes converge through the caches' short TTL.
 */
export class ContentEvents {
  private readonly emitter = new EventEmitter();
  private version = 0;

  get current(): number {
    return this.version;
  }

  changed(reason: string): void {
    this.version += 1;
    this.emitter.emit('changed', reason);
  }

  onChanged(listener: (reason: string) => void): void {
    this.emitter.on('changed', listener);
  }
}
