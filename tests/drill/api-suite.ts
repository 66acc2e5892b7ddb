import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Check } from './checks.js';

/** What CI's quick drill runs through the proxy: per-address sign-in throttles, and uploads over their limits. */
const QUICK = ['tests/api/auth/login-throttle.test.ts', 'tests/api/admin/documents.test.ts', 'tests/api/users/avatar.test.ts'];

interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  testResults?: { name: string; status: string; assertionResults?: { fullName: string; status: string }[] }[];
}

/**
 * The vitest API suite (the whole of it, or CI's part) with `API_THROUGH_NGINX=1`: every call of every file goes
 * over a socket through nginx to that file's app (tests/api/helpers/through-proxy.ts), on the drill's PostgreSQL.
 */
export async function apiSuiteThroughNginx(root: string, dir: string, quick: boolean): Promise<{ check: Check; summary: string }> {
  const report = path.join(dir, 'api-suite.json');
  rmSync(report, { force: true });
  const args = ['vitest', 'run', '--project', 'api', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`, ...(quick ? QUICK : [])];
  const status = await new Promise<number>((resolve) => {
    const child = spawn('npx', args, { cwd: root, env: { ...process.env, API_THROUGH_NGINX: '1' }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('close', (code) => resolve(code ?? 1));
    child.on('error', () => resolve(1));
  });
  let parsed: VitestReport | undefined;
  try {
    parsed = JSON.parse(readFileSync(report, 'utf8')) as VitestReport;
  } catch {
    parsed = undefined;
  }
  const name = `the API suite${quick ? ` (${QUICK.map((d) => path.basename(d, '.test.ts')).join(', ')})` : ''} through nginx`;
  if (!parsed) return { check: { name, ok: false, detail: `vitest exited with ${status} and wrote no report` }, summary: 'no report' };
  const passed = parsed.numPassedTests ?? 0;
  const failedTests = (parsed.testResults ?? []).flatMap((f) =>
    (f.assertionResults ?? []).length === 0 && f.status === 'failed'
      ? [path.relative(root, f.name)]
      : (f.assertionResults ?? []).filter((a) => a.status === 'failed').map((a) => `${path.relative(root, f.name)}: ${a.fullName}`),
  );
  const summary = `${passed} passed, ${failedTests.length} failed`;
  const ok = status === 0 && failedTests.length === 0 && passed > 0;
  return { check: { name, ok, detail: ok ? '' : `${summary}${failedTests.length ? `: ${failedTests.slice(0, 10).join('; ')}` : ` (vitest exited with ${status})`}` }, summary };
}
