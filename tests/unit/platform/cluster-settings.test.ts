import { EventEmitter } from 'node:events';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { CLUSTER_NOTICE, isNotice } from '../../../src/server/platform/cluster/bus.js';
import { ipcBus } from '../../../src/server/platform/cluster/ipc-bus.js';
import { ContentEvents } from '../../../src/server/platform/content-events.js';

const base = () => ({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'lectern-cluster-')), NODE_ENV: 'test' as const });

describe('WORKERS', () => {
  it('is one per core by default, or the number given', () => {
    expect(loadConfig(base()).workers).toBe(os.availableParallelism());
    expect(loadConfig({ ...base(), WORKERS: 'auto' }).workers).toBe(os.availableParallelism());
    expect(loadConfig({ ...base(), WORKERS: ' 3 ' }).workers).toBe(3);
    expect(loadConfig({ ...base(), WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses anything else, naming the setting', () => {
    for (const bad of ['0', '-1', '2.5', 'many', '65']) expect(() => loadConfig({ ...base(), WORKERS: bad })).toThrow(/WORKERS/);
  });

  it('takes REDIS_URL only as a redis URL', () => {
    expect(loadConfig({ ...base(), REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe('redis://127.0.0.1:6379');
    expect(loadConfig({ ...base(), REDIS_URL: ' ' }).redisUrl).toBeNull();
    expect(() => loadConfig({ ...base(), REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL/);
  });
});

/** A worker's end of the IPC channel: what it sends, and a way to deliver what the primary relays. */
function fakeChannel() {
  const emitter = new EventEmitter();
  const sent: unknown[] = [];
  return {
    proc: { send: (m: unknown) => sent.push(m) > 0, on: emitter.on.bind(emitter), off: emitter.off.bind(emitter), connected: true },
    sent,
    deliver: (m: unknown) => emitter.emit('message', m),
  };
}

describe('notices between workers', () => {
  it('a change is applied at once here and sent to the primary once', () => {
    const channel = fakeChannel();
    const events = new ContentEvents();
    events.attach(ipcBus(channel.proc));
    const heard: string[] = [];
    events.onChanged((r) => heard.push(r));
    events.changed('article:4 edited');
    expect(heard).toEqual(['article:4 edited']);
    expect(channel.sent).toEqual([{ type: CLUSTER_NOTICE, notice: { origin: events.origin, topic: 'content', data: ['article:4 edited'] } }]);
  });

  it("another worker's notice drops this worker's caches and ended sessions; its own and malformed ones are ignored", () => {
    const channel = fakeChannel();
    const events = new ContentEvents();
    events.attach(ipcBus(channel.proc));
    const heard: string[] = [];
    const ended: string[][] = [];
    events.onChanged((r) => heard.push(r));
    events.onSessionsEnded((ids) => ended.push(ids));
    const version = events.current;
    channel.deliver({ type: CLUSTER_NOTICE, notice: { origin: 'other', topic: 'content', data: ['page:2 published'] } });
    channel.deliver({ type: CLUSTER_NOTICE, notice: { origin: 'other', topic: 'sessions', data: ['family-1'] } });
    channel.deliver({ type: CLUSTER_NOTICE, notice: { origin: events.origin, topic: 'content', data: ['echo'] } });
    channel.deliver({ type: CLUSTER_NOTICE, notice: { origin: 'other', topic: 'content', data: [42] } });
    channel.deliver({ type: 'something else', notice: { origin: 'other', topic: 'content', data: ['x'] } });
    expect(heard).toEqual(['page:2 published']);
    expect(ended).toEqual([['family-1']]);
    expect(events.current).toBe(version + 1);
    // Relayed sessions are not sent on again (no echo between workers).
    expect(channel.sent).toEqual([]);
  });

  it('recognises only well-formed notices', () => {
    expect(isNotice({ origin: 'a', topic: 'sessions', data: ['x'] })).toBe(true);
    expect(isNotice({ origin: 'a', topic: 'other', data: [] })).toBe(false);
    expect(isNotice(null)).toBe(false);
  });
});
