import { defineConfig, devices } from '@playwright/test';
import { E2E_WORKERS, serverDataDir, serverPort } from './tests/e2e/servers.js';

/**
 * One production server per worker (`npm start`'s server on its own port and data folder). Playwright starts
 * them one after the other, so only the first builds when the build is stale.
 */
function server(index: number) {
  const port = serverPort(index);
  const dataDir = serverDataDir(index);
  return {
    command: `rm -rf ${dataDir} && node src/server/launch.mjs start`,
    url: `http://localhost:${port}/readyz`,
    timeout: 240_000,
    reuseExistingServer: false,
    // Access tokens live 20 s (long enough for a test that logs in through the API and calls at once, short
    // enough that accounts.spec.ts sees one expire); a smaller captcha range keeps the widget quick in Chromium.
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_MODE: '1',
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_LIFETIME: '20',
      // One process per server: two browser workers already fill the cores; the cluster has its own tests
      // (tests/e2e/cluster.spec.ts), and every cache it keeps is told of the other workers' changes.
      WORKERS: '1',
      // Every browser test logs in from 127.0.0.1, many within a minute; the per-address login limit has its own
      // API tests (tests/api/auth), so here it stays out of the way.
      LOGIN_RATE_LIMIT: '1000',
      // Each test is its own address (tests/e2e/fixtures.ts sends one in X-Forwarded-For), as each reader is: the
      // failed logins of one test (a captcha is due after 3 from an address) never reach another's login.
      TRUST_PROXY: '1',
      ALTCHA_MAX_NUMBER: '10000',
      // The community forum's single sign-on (tests/e2e/community.spec.ts plays the forum with this test secret).
      DISCOURSE_URL: 'http://forum.lectern.localhost',
      DISCOURSE_CONNECT_SECRET: 'e2e-discourse-connect-secret',
    },
  };
}

/** Browser tests drive Debian's Chromium against the production build (npm start's server). */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: E2E_WORKERS,
  // A browser test that fails under a loaded CI machine gets two more tries (reported as flaky when one passes).
  retries: process.env.CI ? 2 : 0,
  reporter: 'list',
  use: {
    // Each worker's own server: tests/e2e/fixtures.ts sets baseURL from the worker's index.
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => server(i)),
});
