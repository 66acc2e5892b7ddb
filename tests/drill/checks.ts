import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoPassword, get, type Answer, type SiteProcess } from '../cluster/site-process.js';

export interface DrillSite {
  /** nginx, in front of every process. */
  front: string;
  /** Each process on its own, to ask one of them directly. */
  processes: string[];
  dataDir: string;
  databaseUrl: string;
}

export interface Check {
  name: string;
  ok: boolean;
  detail?: string;
}

const json = <T>(a: Answer) => JSON.parse(a.body) as T;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function login(base: string, site: DrillSite, username: string): Promise<{ token: string; userId: number }> {
  const res = await get(`${base}/api/v2/rest-auth/login/`, { method: 'POST', body: { username, password: demoPassword(site.dataDir, username) } });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${res.body}`);
  const token = json<{ access: string }>(res).access;
  const me = json<{ pk: number }>(await get(`${base}/api/v2/rest-auth/user/`, { headers: bearer(token) }));
  return { token, userId: me.pk };
}

export const check = async (name: string, run: () => Promise<string | null>): Promise<Check> => {
  try {
    const problem = await run();
    return { name, ok: problem === null, ...(problem ? { detail: problem } : {}) };
  } catch (err) {
    return { name, ok: false, detail: err instanceof Error ? err.message : String(err) };
  }
};

/** What a reader, a shopper and an editor do, through nginx: each answer as the API promises. */
export async function journeys(site: DrillSite): Promise<Check[]> {
  const f = site.front;
  return Promise.all([
    check('home page through nginx', async () => {
      const res = await get(`${f}/`);
      return res.status === 200 && res.body.includes('<html') ? null : `status ${res.status}`;
    }),
    check('article list and an article', async () => {
      const list = json<{ results: { id: number }[] }>(await get(`${f}/api/v2/article/summary?page_size=5`));
      const one = await get(`${f}/api/v2/article/${list.results[0]!.id}`);
      return list.results.length > 0 && one.status === 200 ? null : `article answered ${one.status}`;
    }),
    check('a reader signs in and reads their account from every process', async () => {
      const { token } = await login(f, site, 'reader');
      const answers = await Promise.all(site.processes.map((p) => get(`${p}/api/v2/rest-auth/user/`, { headers: bearer(token) })));
      return answers.every((a) => a.status === 200) ? null : `statuses ${answers.map((a) => a.status).join(', ')}`;
    }),
    check('a shopper adds a product and sees it in the basket from another process', async () => {
      const { token } = await login(site.processes[0]!, site, 'member');
      const products = json<{ results: { id: number; availability?: { is_available_to_buy?: boolean } }[] }>(await get(`${f}/api/v2/shop/products?page_size=20`));
      const product = products.results[0]!.id;
      const add = await get(`${site.processes[0]}/api/v2/basket/add-product`, {
        method: 'POST',
        headers: { ...bearer(token), 'idempotency-key': `drill-${randomBytes(6).toString('hex')}` },
        body: { product, quantity: 1 },
      });
      if (add.status >= 300) return `add-product answered ${add.status}: ${add.body.slice(0, 200)}`;
      const basket = await get(`${site.processes[1]}/api/v2/basket`, { headers: bearer(token) });
      return basket.status === 200 && basket.body.includes(`"product":${product}`) ? null : `basket answered ${basket.status}`;
    }),
    check('an unknown API path is a JSON 404 through nginx', async () => {
      const res = await get(`${f}/api/v2/no-such-call`);
      return res.status === 404 && res.body.startsWith('{') ? null : `status ${res.status}`;
    }),
  ]);
}

/** Polls every process until `seen` holds on each; the milliseconds until the last one did. */
async function untilEverywhere(site: DrillSite, ask: (base: string) => Promise<boolean>, limitMs = 3000): Promise<number> {
  const started = Date.now();
  const pending = new Set(site.processes);
  while (pending.size > 0) {
    if (Date.now() - started > limitMs) throw new Error(`${pending.size} process(es) still answered the old way after ${limitMs} ms`);
    // Every process asked at once: the time measured is the notice's, not the queue of our own questions.
    const answers = await Promise.all([...pending].map(async (base) => [base, await ask(base)] as const));
    for (const [base, seen] of answers) if (seen) pending.delete(base);
  }
  return Date.now() - started;
}

/** Edits through one process, then the time until every process answers the new way (each had the old cached). */
export async function propagation(site: DrillSite): Promise<{ checks: Check[]; worstMs: number; edits: number }> {
  const [first] = site.processes as [string];
  const editor = await login(first, site, 'editor');
  const member = await login(first, site, 'member');
  const list = json<{ results: { id: number; access: string }[] }>(await get(`${site.front}/api/v2/article/summary?page_size=20`));
  const article = list.results.find((a) => a.access === 'free')!.id;
  const premium = list.results.find((a) => a.access === 'premium')?.id;
  const warm = async (url: string, headers: Record<string, string> = {}) => {
    for (const p of site.processes) for (let i = 0; i < 2; i += 1) await get(`${p}${url}`, { headers });
  };
  const times: number[] = [];
  const edit = async (name: string, change: () => Promise<Answer>, ask: (base: string) => Promise<boolean>, warmUrl: string, headers?: Record<string, string>) =>
    check(`${name}: seen by every process within a second`, async () => {
      await warm(warmUrl, headers);
      const res = await change();
      if (res.status >= 300) return `the edit answered ${res.status}: ${res.body.slice(0, 200)}`;
      const ms = await untilEverywhere(site, ask);
      times.push(ms);
      return ms <= 1000 ? null : `took ${ms} ms`;
    });
  const articleStatus = (id: number) => async (base: string) => (await get(`${base}/api/v2/article/${id}`)).status;
  const checks: Check[] = [];
  checks.push(
    await edit(
      'unpublish an article',
      () => get(`${first}/api/v2/article/${article}`, { method: 'PATCH', headers: bearer(editor.token), body: { status: 'draft' } }),
      async (b) => {
        const [api, page] = await Promise.all([articleStatus(article)(b), get(`${b}/article/${article}`)]);
        return api === 404 && page.status === 404;
      },
      `/article/${article}`,
    ),
  );
  checks.push(
    await edit(
      'publish it again',
      () => get(`${first}/api/v2/article/${article}`, { method: 'PATCH', headers: bearer(editor.token), body: { status: 'published' } }),
      async (b) => (await articleStatus(article)(b)) === 200,
      `/api/v2/article/${article}`,
    ),
  );
  // A product priced on its own (a digital one; others take their price from a stock record) gets a new price.
  const products = json<{ results: { id: number }[] }>(await get(`${site.front}/api/v2/shop/products?page_size=50`));
  const priceOf = async (base: string, id: number) => {
    const res = await get(`${base}/api/v2/products/${id}/price`);
    return res.status === 200 ? json<{ excl_tax: number }>(res).excl_tax : null;
  };
  let priced = false;
  for (const p of products.results) {
    const before = await priceOf(first, p.id);
    if (before === null) continue;
    const probe = await get(`${first}/api/v2/products/${p.id}`, { method: 'PATCH', headers: bearer(editor.token), body: { price: before } });
    if (probe.status !== 200) continue;
    priced = true;
    checks.push(
      await edit(
        'change a price',
        () => get(`${first}/api/v2/products/${p.id}`, { method: 'PATCH', headers: bearer(editor.token), body: { price: before + 100 } }),
        async (b) => (await priceOf(b, p.id)) === before + 100,
        `/api/v2/products/${p.id}/price`,
      ),
    );
    break;
  }
  if (!priced) checks.push({ name: 'change a price', ok: false, detail: 'no product with its own price in the demo shop' });
  if (premium) {
    const um = json<{ id: number }[] | { results: { id: number }[] } | { id: number }>(await get(`${first}/api/v2/usermembership/user/${member.userId}`, { headers: bearer(member.token) }));
    const umId = Array.isArray(um) ? um[0]!.id : 'results' in um ? um.results[0]!.id : um.id;
    const sub = json<{ id: number } | { id: number }[]>(await get(`${first}/api/v2/subscription/usermembership/${umId}`, { headers: bearer(member.token) }));
    const subId = Array.isArray(sub) ? sub[0]!.id : sub.id;
    checks.push(
      await edit(
        'end a membership',
        () => get(`${first}/api/v2/subscription/${subId}/end`, { method: 'POST', headers: bearer(editor.token), body: {} }),
        async (b) => !(await get(`${b}/api/v2/article/membership_status/${premium}`, { headers: bearer(member.token) })).body.includes('"member"'),
        `/api/v2/article/membership_status/${premium}`,
        bearer(member.token),
      ),
    );
  }
  checks.push(
    await edit(
      'log out',
      () => get(`${first}/api/v2/rest-auth/logout/`, { method: 'POST', headers: bearer(member.token), body: {} }),
      async (b) => (await get(`${b}/api/v2/rest-auth/user/`, { headers: bearer(member.token) })).status === 401,
      '/api/v2/rest-auth/user/',
      bearer(member.token),
    ),
  );
  return { checks, worstMs: Math.max(0, ...times), edits: times.length };
}

/**
 * Reads through nginx and writes (guest fingerprints, each acknowledged with its id) while one process is killed
 * with SIGKILL: every acknowledged write must be in the database, no read may fail (nginx tries a GET that met a
 * dead connection on the next process), and the page must answer again at once.
 */
/** The reading load's connections while a process is killed. */
const LOAD_CONNECTIONS = 8;

export async function killUnderLoad(site: DrillSite, victim: SiteProcess, seconds: number): Promise<Check[]> {
  const load = autocannon({ url: `${site.front}/article/1`, connections: LOAD_CONNECTIONS, duration: seconds });
  const acknowledged: string[] = [];
  const refused = new Map<number, number>();
  let writing = true;
  const writer = (async () => {
    while (writing) {
      const value = `drill-${randomBytes(8).toString('hex')}`;
      const res = await get(`${site.front}/api/v2/guest/userfinger/`, { method: 'POST', body: { userfinger: value } }).catch(() => null);
      if (res && res.status < 300) acknowledged.push(value);
      else refused.set(res?.status ?? 0, (refused.get(res?.status ?? 0) ?? 0) + 1);
    }
  })();
  await new Promise((r) => setTimeout(r, (seconds * 1000) / 3));
  victim.child.kill('SIGKILL');
  const after = await get(`${site.front}/article/1`);
  const result = await load;
  writing = false;
  await writer;
  const db = new pg.Client({ connectionString: site.databaseUrl });
  await db.connect();
  const kept = await db.query<{ n: string }>('select count(*) as n from guest_fingerprints where userfinger = any($1)', [acknowledged]);
  await db.end();
  return [
    { name: 'the page answers through nginx right after a process is killed', ok: after.status === 200, detail: `status ${after.status}` },
    {
      // nginx tries a read again on another process unless the killed one had begun its answer: those reads, at
      // most one per connection of the load, are the only ones that may fail.
      name: `reads under load while a process is killed: none failed but those it was answering (${result.requests.total} requests, ${result.errors} cut)`,
      ok: result.errors <= LOAD_CONNECTIONS && result.non2xx === 0 && result.timeouts === 0,
      detail: `errors ${result.errors} (at most ${LOAD_CONNECTIONS}), non-2xx ${result.non2xx}, timeouts ${result.timeouts}`,
    },
    {
      name: `every acknowledged write is kept (${acknowledged.length} writes; refused: ${[...refused].map(([status, n]) => `${n} × ${status || 'no answer'}`).join(', ') || 'none'})`,
      ok: Number(kept.rows[0]!.n) === acknowledged.length && acknowledged.length > 0,
      detail: `${kept.rows[0]!.n} of ${acknowledged.length} found`,
    },
  ];
}

export async function throughput(front: string, seconds: number): Promise<{ rps: number; p99: number }> {
  const ids = json<{ results: { id: number }[] }>(await get(`${front}/api/v2/article/summary?page_size=50`)).results.map((a) => a.id);
  let n = 0;
  const result = await autocannon({
    url: front,
    connections: 32,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: `/article/${ids[n++ % ids.length]}` }) }],
  });
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * Jobs run once across the processes: the order job's schedule is made due five times; the three processes, each
 * polling every 200 ms, must claim it exactly five times between them.
 */
export async function jobsOnce(site: DrillSite): Promise<Check> {
  const db = new pg.Client({ connectionString: site.databaseUrl });
  await db.connect();
  try {
    const runs = async () => Number((await db.query<{ runs: number }>("select runs from job_schedule where name = 'orders.maintain'")).rows[0]?.runs ?? 0);
    const holders = new Set<string>();
    // Each process defines the job at start; the first claim may still be on its way.
    await new Promise((r) => setTimeout(r, 1000));
    const before = await runs();
    for (let i = 0; i < 5; i += 1) {
      await db.query("update job_schedule set next_run_at = '2000-01-01T00:00:00.000Z' where name = 'orders.maintain'");
      const started = Date.now();
      while (Date.now() - started < 3000 && (await runs()) < before + i + 1) await new Promise((r) => setTimeout(r, 50));
      holders.add((await db.query<{ holder: string }>("select holder from job_schedule where name = 'orders.maintain'")).rows[0]!.holder);
    }
    // Time for a second, wrong claim to show.
    await new Promise((r) => setTimeout(r, 1000));
    const claimed = (await runs()) - before;
    return { name: `a due job runs once across the processes (5 due runs, claimed by ${holders.size} process(es))`, ok: claimed === 5, detail: `claimed ${claimed} times` };
  } finally {
    await db.end();
  }
}
