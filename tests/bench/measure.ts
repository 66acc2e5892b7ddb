import autocannon from 'autocannon';

export interface Route {
  name: string;
  /** Requested in turn by every connection, so the load is not one hot URL. */
  paths: string[];
}

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
    requests: route.paths.map((path) => ({ method: 'GET', path })),
  });
  return {
    route,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors + result.timeouts,
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

/** The targets: SSR article page >= 50% of static req/s, article API >= 60%, p99 under 50 ms. */
export function checks(measurements: Measurement[], names: { page: string; api: string }): Check[] {
  const reference = measurements[0]!.requestsPerSecond;
  const byName = (name: string) => measurements.find((m) => m.route.name === name)!;
  const share = (name: string) => byName(name).requestsPerSecond / reference;
  return [
    { label: `article page >= 50% of static req/s (${round(share(names.page) * 100)}%)`, ok: share(names.page) >= 0.5 },
    { label: `article API >= 60% of static req/s (${round(share(names.api) * 100)}%)`, ok: share(names.api) >= 0.6 },
    ...measurements.map((m) => ({ label: `${m.route.name}: p99 < 50 ms (${round(m.p99)} ms)`, ok: m.p99 < 50 })),
  ];
}
