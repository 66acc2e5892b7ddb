#!/usr/bin/env node
// `npm test`: every test (unit, API, browser) and one closing line `N passed, N failed`.
// Vitest and Playwright write JSON reports; this script adds them up. Exit code is non-zero when a
// test failed, a runner crashed, or no test ran at all.
//   npm test                 unit + API + browser
//   npm test -- --no-e2e     unit + API only
//   npm test -- --only-api   the API suite only (CI runs it again on PostgreSQL this way)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwrightFailures, vitestFailures } from './report-failures.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, '.tmp', 'reports');
mkdirSync(out, { recursive: true });
const args = process.argv.slice(2);
const onlyApi = args.includes('--only-api');
const withE2e = !args.includes('--no-e2e') && !onlyApi;

function run(cmd, cmdArgs, env = {}) {
  const result = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

let passed = 0;
let failed = 0;
let crashed = false;
// Names of the failed tests, printed again just above the closing line so the end of a long log says which.
const failures = [];
const failuresFile = path.join(out, onlyApi ? 'failed-api.txt' : 'failed.txt');
rmSync(failuresFile, { force: true });

const vitestReport = path.join(out, onlyApi ? 'vitest-api.json' : 'vitest.json');
rmSync(vitestReport, { force: true });
const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`];
if (onlyApi) vitestArgs.push('--project', 'api');
const vitestStatus = run('npx', vitestArgs);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  // A file that failed to load has no test results but is a failure all the same.
  failed += (vitest.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
  failures.push(...vitestFailures(vitest, root));
  if (vitestStatus !== 0 && failed === 0) crashed = true;
} else {
  crashed = true;
}

if (withE2e) {
  const pwReport = path.join(out, 'playwright.json');
  rmSync(pwReport, { force: true });
  const pwStatus = run('npx', ['playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwReport });
  const pw = readJson(pwReport);
  if (pw?.stats) {
    passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
    failed += pw.stats.unexpected ?? 0;
    if (pwStatus !== 0 && !pw.stats.unexpected) crashed = true;
    failures.push(...playwrightFailures(pw.suites));
  } else {
    crashed = true;
  }
}

if (crashed) failed += 1;
if (failures.length > 0) {
  const list = failures.map((f) => `  failed: ${f}`).join('\n');
  writeFileSync(failuresFile, `${list}\n`);
  console.log(`Failed tests:\n${list}`);
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
