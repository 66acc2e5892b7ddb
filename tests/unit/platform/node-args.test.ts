import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MALLOC_ARENAS, DEFAULT_SERVER_HEAP_MB, serverEnv, serverNodeArgs } from '../../../src/server/node-args.mjs';

describe('the flags the production server runs with', () => {
  it('gives `start` a heap budget, SERVER_HEAP_MB when set', () => {
    expect(serverNodeArgs('start', {})).toEqual([`--max-old-space-size=${DEFAULT_SERVER_HEAP_MB}`, '--max-semi-space-size=4']);
    expect(serverNodeArgs('start', { SERVER_HEAP_MB: '512' })).toEqual(['--max-old-space-size=512', '--max-semi-space-size=4']);
    expect(serverNodeArgs('start', { SERVER_HEAP_MB: '0' })).toEqual([]);
  });

  it('leaves the other commands and an operator\'s own NODE_OPTIONS alone', () => {
    for (const command of ['seed', 'migrate', 'createsuperuser']) expect(serverNodeArgs(command, {})).toEqual([]);
    expect(serverNodeArgs('start', { NODE_OPTIONS: '--max-old-space-size=2048', SERVER_HEAP_MB: '128' })).toEqual([]);
  });

  it('refuses a budget that is not a whole number of MB in range, naming the variable', () => {
    for (const bad of ['12', 'lots', '1.5', '-128', '100000']) {
      expect(() => serverNodeArgs('start', { SERVER_HEAP_MB: bad })).toThrow(/SERVER_HEAP_MB/);
    }
  });

  it('is a budget V8 takes: a process started with it reports that heap limit', () => {
    const args = serverNodeArgs('start', { SERVER_HEAP_MB: '96' });
    const out = spawnSync(process.execPath, [...args, '-e', 'console.log(require("v8").getHeapStatistics().heap_size_limit)'], { encoding: 'utf8' });
    const limitMb = Number(out.stdout.trim()) / 1024 / 1024;
    // The limit covers the old generation plus the young one's semi-spaces.
    expect(limitMb).toBeGreaterThanOrEqual(96);
    expect(limitMb).toBeLessThan(96 + 40);
  });

  it('bounds the allocator\'s arenas for `start` only, unless the operator set them', () => {
    expect(serverEnv('start', {})).toEqual({ MALLOC_ARENA_MAX: String(DEFAULT_MALLOC_ARENAS) });
    expect(serverEnv('start', { MALLOC_ARENA_MAX: '8' })).toEqual({});
    for (const command of ['seed', 'migrate']) expect(serverEnv(command, {})).toEqual({});
  });
});
