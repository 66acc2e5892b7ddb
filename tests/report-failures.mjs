// The names of the failed tests in Vitest's and Playwright's JSON reports, for the end of `npm test`'s output
// (a long CI log is read from its end).
import path from 'node:path';

/** "file > full name" of each failed Vitest test, and "file: did not load" for a file that failed with none. */
export function vitestFailures(report, root) {
  const names = [];
  for (const file of report?.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    if (file.status === 'failed' && failed.length === 0) names.push(`${where}: did not load`);
    for (const t of failed) names.push(`${where} > ${t.fullName ?? t.title}`);
  }
  return names;
}

/** "file > title (project)" of every Playwright test whose outcome was unexpected (failed after its retries). */
export function playwrightFailures(suites) {
  const names = [];
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected') names.push(`${spec.file} > ${spec.title} (${t.projectName})`);
      }
    }
    names.push(...playwrightFailures(suite.suites));
  }
  return names;
}
