// The V8 flags the production server runs with, shared by `npm start` (launch.mjs) and the benchmark, which
// starts the built server itself. Plain JavaScript: launch.mjs runs before anything is built.

/** The old-generation heap the server is given unless told otherwise, in MB. */
export const DEFAULT_SERVER_HEAP_MB = 128;

/**
 * Flags for `node <dist>/server/main.js start`. Left to itself V8 lets a busy server's heap grow towards
 * a quarter of the machine's memory before collecting hard, though what a render leaves alive is small:
 * a heap budget keeps the process near what it uses. `SERVER_HEAP_MB` sets the budget (0: V8's own
 * default); a `--max-old-space-size` in NODE_OPTIONS wins over both. Only `start` gets a budget: a seed
 * of many articles or a migration may need more.
 * @param {string} command
 * @param {Record<string, string | undefined>} env
 * @returns {string[]}
 */
export function serverNodeArgs(command, env) {
  if (command !== 'start' || /--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '')) return [];
  const raw = env.SERVER_HEAP_MB?.trim() || String(DEFAULT_SERVER_HEAP_MB);
  const mb = Number(raw);
  if (!Number.isInteger(mb) || (mb !== 0 && (mb < 64 || mb > 65536))) {
    throw new Error(`SERVER_HEAP_MB must be 0 or a whole number of MB from 64 to 65536 (got "${raw}")`);
  }
  // A young generation of 4 MB semi-spaces (V8's own grow to 16 MB): what survives a request is little, and each
  // semi-space is resident memory once used.
  return mb === 0 ? [] : [`--max-old-space-size=${mb}`, '--max-semi-space-size=4'];
}

/** The glibc allocator arenas the server runs with unless `MALLOC_ARENA_MAX` is set already. */
export const DEFAULT_MALLOC_ARENAS = 2;

/**
 * Environment for `node <dist>/server/main.js start`, beside the caller's own. glibc gives every thread that
 * allocates its own arena, up to eight per core: the thread pool's compression and file reads then keep memory
 * in arenas the main thread never reuses, which shows as resident memory long after the work is done. Two arenas
 * bound that (about 15 MB less resident after the benchmark). An operator's own `MALLOC_ARENA_MAX` wins; other
 * allocators ignore it.
 * @param {string} command
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
export function serverEnv(command, env) {
  if (command !== 'start' || env.MALLOC_ARENA_MAX !== undefined) return {};
  return { MALLOC_ARENA_MAX: String(DEFAULT_MALLOC_ARENAS) };
}
