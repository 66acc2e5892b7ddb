import autocannon from 'autocannon';

export interface Route {
  name: string;
  /** Requested in turn by every connection, so the load is not one hot URL. */
  paths: string[];
  /**
   * Shared by all connections instead: each request takes the next path of the list, so every path is
   * asked for once before any is asked again (the cache-miss scenario: no answer is cached yet).
   */
  shared?: boolean;
}

/** A position in a shared route's list that survives from one run (the warm-up) to the next. */
const sharedCursor = new WeakMap<Route, { next: number }>();

export interface Measurement {
  route: Route;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

export async function measure(url: string, route: Route, seconds: number, connections: number): Promise<Measurement> {
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: route.shared ? [sharedRequest(route)] : route.paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    route,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

function sharedRequest(route: Route) {
  let cursor = sharedCursor.get(route);
  if (!cursor) sharedCursor.set(route, (cursor = { next: 0 }));
  const position = cursor;
  return {
    method: 'GET' as const,
    setupRequest: (request: { path?: string }) => {
      request.path = route.paths[position.next % route.paths.length];
      position.next += 1;
      return request;
    },
  };
}

export interface Check {
  label: string;
  ok: boolean;
}

const round = (n: number, digits = 0) => n.toFixed(digits);

/** The markdown table: the first measurement is the static reference. */
export function table(measurements: Measurement[]): string {
  const reference = measurements[0]!.requestsPerSecond;
  const rows = measurements.map((m) => {
    const share = reference > 0 ? `${round((m.requestsPerSecond / reference) * 100)}%` : 'n/a';
    const note = m.failed > 0 ? ` (${m.failed} failed)` : '';
    return `| ${m.route.name}${note} | ${round(m.requestsPerSecond)} | ${round(m.p50)} | ${round(m.p99)} | ${share} |`;
  });
  return ['| route | req/s | p50 ms | p99 ms | % of static |', '|---|---:|---:|---:|---:|', ...rows].join('\n');
}

/**
 * The targets: SSR article page >= 50% of static req/s, article API >= 60%, the article page over every
 * article (no page cached) >= 1,000 req/s, p99 under 50 ms.
 */
export function checks(measurements: Measurement[], names: { page: string; api: string; pageMiss: string }): Check[] {
  const reference = measurements[0]!.requestsPerSecond;
  const byName = (name: string) => measurements.find((m) => m.route.name === name)!;
  const share = (name: string) => byName(name).requestsPerSecond / reference;
  return [
    { label: `article page >= 50% of static req/s (${round(share(names.page) * 100)}%)`, ok: share(names.page) >= 0.5 },
    { label: `article API >= 60% of static req/s (${round(share(names.api) * 100)}%)`, ok: share(names.api) >= 0.6 },
    {
      label: `article page, cache miss >= 1000 req/s (${round(byName(names.pageMiss).requestsPerSecond)})`,
      ok: byName(names.pageMiss).requestsPerSecond >= 1000,
    },
    ...measurements.map((m) => ({ label: `${m.route.name}: p99 < 50 ms (${round(m.p99)} ms)`, ok: m.p99 < 50 })),
  ];
}
