import type { Check, Measurement } from './measure.js';

/** The cluster's targets on this machine (load generator on the same cores). */
export const MISS_SPEEDUP_TARGET = 1.6;
export const MISS_RPS_TARGET = 500;
export const MISS_P99_TARGET_MS = 100;
export const MISS_CPU_TARGET_MS = 2;

const fixed = (n: number, digits = 0) => n.toFixed(digits);

/** The rows measured with WORKERS=1 and with the cluster, side by side. */
export function workerTable(one: Measurement[], many: Measurement[], workers: number, oneCpuMs: number, manyCpuMs: number): string {
  const rows = one.map((a, i) => {
    const b = many[i]!;
    return `| ${a.route.name} | ${fixed(a.requestsPerSecond)} | ${fixed(a.p99)} | ${fixed(b.requestsPerSecond)} | ${fixed(b.p99)} | ${fixed(b.requestsPerSecond / a.requestsPerSecond, 2)}x |`;
  });
  return [
    `| route | WORKERS=1 req/s | p99 ms | WORKERS=${workers} req/s | p99 ms | speed-up |`,
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    `| CPU per uncached page (every process) | ${fixed(oneCpuMs, 2)} ms | | ${fixed(manyCpuMs, 2)} ms | | |`,
  ].join('\n');
}

export function workerChecks(one: Measurement[], many: Measurement[], missName: string, missCpuMs: number): Check[] {
  const at = (list: Measurement[], name: string) => list.find((m) => m.route.name === name)!;
  const missOne = at(one, missName);
  const missMany = at(many, missName);
  const speedup = missMany.requestsPerSecond / missOne.requestsPerSecond;
  return [
    { label: `uncached article page: the cluster >= ${MISS_SPEEDUP_TARGET}x one worker (${fixed(speedup, 2)}x)`, ok: speedup >= MISS_SPEEDUP_TARGET },
    {
      label: `uncached article page with the cluster >= ${MISS_RPS_TARGET} req/s, p99 < ${MISS_P99_TARGET_MS} ms (${fixed(missMany.requestsPerSecond)} req/s, ${fixed(missMany.p99)} ms)`,
      ok: missMany.requestsPerSecond >= MISS_RPS_TARGET && missMany.p99 < MISS_P99_TARGET_MS,
    },
    { label: `CPU per uncached page <= ${MISS_CPU_TARGET_MS} ms (${fixed(missCpuMs, 2)} ms)`, ok: missCpuMs <= MISS_CPU_TARGET_MS },
    ...one
      .filter((m) => m.route.name !== missName)
      .map((m) => {
        const b = at(many, m.route.name);
        return { label: `${m.route.name}: the cluster at least as fast as one worker (${fixed(b.requestsPerSecond)} vs ${fixed(m.requestsPerSecond)} req/s)`, ok: b.requestsPerSecond >= m.requestsPerSecond };
      }),
  ];
}
