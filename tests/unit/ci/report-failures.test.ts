import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script of the test runner, without types
import { playwrightFailures, vitestFailures } from '../../report-failures.mjs';

const ROOT = '/repo';

describe('the failed tests named at the end of `npm test`', () => {
  it("names Vitest's failed tests by file and full name, and a file that failed without running a test", () => {
    const report = {
      testResults: [
        {
          name: path.join(ROOT, 'tests/api/a.test.ts'),
          status: 'failed',
          assertionResults: [
            { status: 'failed', fullName: 'group fails', title: 'fails' },
            { status: 'passed', fullName: 'group passes', title: 'passes' },
          ],
        },
        { name: path.join(ROOT, 'tests/unit/b.test.ts'), status: 'failed', assertionResults: [] },
        { name: path.join(ROOT, 'tests/unit/c.test.ts'), status: 'passed', assertionResults: [{ status: 'passed', fullName: 'ok', title: 'ok' }] },
      ],
    };
    expect(vitestFailures(report, ROOT)).toEqual(['tests/api/a.test.ts > group fails', 'tests/unit/b.test.ts: did not load']);
    expect(vitestFailures(undefined, ROOT)).toEqual([]);
  });

  it("names Playwright's unexpected outcomes in nested suites, not the flaky or skipped ones", () => {
    const spec = (title: string, status: string) => ({ title, file: 'shop.spec.ts', tests: [{ status, projectName: 'chromium' }] });
    const suites = [
      {
        title: 'shop.spec.ts',
        specs: [spec('buys a book', 'unexpected'), spec('pays twice', 'flaky'), spec('later', 'skipped')],
        suites: [{ title: 'offline', specs: [spec('replays the basket', 'unexpected')] }],
      },
    ];
    expect(playwrightFailures(suites)).toEqual(['shop.spec.ts > buys a book (chromium)', 'shop.spec.ts > replays the basket (chromium)']);
  });
});
