import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/testing-library.ts'],
          // Each file gets fresh modules: browser-side files share module state (the app's Dexie database, the
          // IndexedDB it was opened on) that one file must not leave to the next.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/api/helpers/global-setup.ts'],
          // Files share a worker's module graph (each still builds its own app and database), which spares
          // every file importing the whole server again: the suite runs in a sixth of the time.
          isolate: false,
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/close-test-apps.ts'],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
