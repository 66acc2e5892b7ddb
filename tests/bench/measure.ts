import autocannon, { type Request as CannonRequest } from 'autocannon';

export interface Route {
  name: string;
  /** Requested in turn by every connection, so the load is not one hot URL. */
  paths: string[];
  /**
   * Shared by all connections instead: each request takes the next path of the list, so every path is
   * asked for once before any is asked again (the cache-miss scenario: no answer is cached yet).
   */
  shared?: boolean;
  /** GET unless said. */
  method?: 'GET' | 'POST';
  /** Headers of the n-th request (counted over the whole run), e.g. one guest's fingerprint each. */
  headers?: (n: number) => Record<string, string>;
  /** The JSON body of the n-th request (sent as `application/json`). */
  body?: (n: number) => unknown;
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
    requests: route.shared || route.headers || route.body ? [sharedRequest(route)] : route.paths.map((path) => ({ method: 'GET', path })),
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
    method: route.method ?? 'GET',
    setupRequest: (request: CannonRequest) => {
      request.path = route.paths[position.next % route.paths.length];
      if (route.headers) request.headers = { ...request.headers, ...route.headers(position.next) };
      if (route.body) {
        request.body = JSON.stringify(route.body(position.next));
        request.headers = { ...request.headers, 'content-type': 'application/json' };
      }
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

/** What the server process costs besides its answers: the time from start to ready, and its memory after the run. */
export interface ProcessFigures {
  /** Seconds from spawning `main.js start` to the first ready answer of `/readyz`. */
  coldStartSeconds: number;
  /** Resident set size after every route was measured, in MB (the largest worker's in a cluster); null where the system does not say. */
  rssMb: number | null;
  /** The cluster's primary (it serves nothing); null without a cluster. */
  primaryRssMb?: number | null;
  /**
   * The same worker's proportional share (PSS: pages shared with the other processes, such as node's own code,
   * counted in part) and its private memory (what stopping it gives back); null where the system does not say.
   */
  shares?: { pssMb: number; privateMb: number } | null;
}

export const COLD_START_TARGET_SECONDS = 2;
/** Per serving process: each worker of a cluster, or the one process. */
export const RSS_TARGET_MB = 150;

export function processTable(figures: ProcessFigures): string {
  return [
    '| server process | value | target |',
    '|---|---:|---:|',
    `| cold start to /readyz | ${figures.coldStartSeconds.toFixed(2)} s | < ${COLD_START_TARGET_SECONDS} s |`,
    `| resident memory after the run, per worker | ${figures.rssMb === null ? 'n/a' : `${round(figures.rssMb)} MB`} | < ${RSS_TARGET_MB} MB |`,
    ...(figures.shares
      ? [
          `| the same worker's proportional share (PSS) | ${round(figures.shares.pssMb)} MB | |`,
          `| the same worker's private memory | ${round(figures.shares.privateMb)} MB | |`,
        ]
      : []),
    ...(figures.primaryRssMb ? [`| resident memory of the cluster's primary | ${round(figures.primaryRssMb)} MB | |`] : []),
  ].join('\n');
}

export function processChecks(figures: ProcessFigures): Check[] {
  return [
    { label: `cold start < ${COLD_START_TARGET_SECONDS} s (${figures.coldStartSeconds.toFixed(2)} s)`, ok: figures.coldStartSeconds < COLD_START_TARGET_SECONDS },
    {
      label: `resident memory per worker after the run < ${RSS_TARGET_MB} MB (${figures.rssMb === null ? 'not measured' : `${round(figures.rssMb)} MB`})`,
      ok: figures.rssMb !== null && figures.rssMb < RSS_TARGET_MB,
    },
  ];
}

export interface CheckNames {
  page: string;
  api: string;
  /** The article API over every article, so no kept guest answer serves it. */
  apiMiss: string;
  pageMiss: string;
  premiumPage: string;
  meter: string;
  lessonPage: string;
  lessonApi: string;
}

/**
 * The targets: SSR article and lesson pages >= 50% of static req/s, article and lesson API >= 60%, the article page over every
 * article (no page cached) >= 1,000 req/s, the premium article page as fast as a free one (>= 90% of its
 * rate, the noise of a run), the guest meter call >= 50% of the article API, p99 under 50 ms. The meter call reads its
 * article afresh every time (its answer is one guest's), so it is held to the article API's answer when none is
 * kept (over every article); the kept answers are faster still, and the table shows both.
 */
export function checks(measurements: Measurement[], names: CheckNames): Check[] {
  const reference = measurements[0]!.requestsPerSecond;
  const byName = (name: string) => measurements.find((m) => m.route.name === name)!;
  const share = (name: string) => byName(name).requestsPerSecond / reference;
  return [
    { label: `article page >= 50% of static req/s (${round(share(names.page) * 100)}%)`, ok: share(names.page) >= 0.5 },
    { label: `article API >= 60% of static req/s (${round(share(names.api) * 100)}%)`, ok: share(names.api) >= 0.6 },
    // Lessons are held to the article figures: the same page cache and the same kind of API answer.
    { label: `lesson page >= 50% of static req/s (${round(share(names.lessonPage) * 100)}%)`, ok: share(names.lessonPage) >= 0.5 },
    { label: `lesson API >= 60% of static req/s (${round(share(names.lessonApi) * 100)}%)`, ok: share(names.lessonApi) >= 0.6 },
    (() => {
      const ratio = byName(names.premiumPage).requestsPerSecond / byName(names.page).requestsPerSecond;
      return { label: `premium article page >= 90% of the free article page's req/s (${round(ratio * 100)}%)`, ok: ratio >= 0.9 };
    })(),
    (() => {
      const ratio = byName(names.meter).requestsPerSecond / byName(names.apiMiss).requestsPerSecond;
      return { label: `guest meter call >= 50% of the article API's req/s with no answer kept (${round(ratio * 100)}%)`, ok: ratio >= 0.5 };
    })(),
    ...measurements.map((m) => ({ label: `${m.route.name}: p99 < 50 ms (${round(m.p99)} ms)`, ok: m.p99 < 50 })),
  ];
}
