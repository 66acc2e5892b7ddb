import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8310);
const dataDir = `.tmp/e2e-data-${port}`;

/** Browser tests drive Debian's Chromium against the production build (npm start's server). */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
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
      // Every browser test logs in from 127.0.0.1, many within a minute; the per-address login limit has its own
      // API tests (tests/api/auth), so here it stays out of the way.
      LOGIN_RATE_LIMIT: '1000',
      ALTCHA_MAX_NUMBER: '50000',
    },
  },
});
