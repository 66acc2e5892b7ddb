import path from 'node:path';

/**
 * Browser tests run in several workers, each against a production server of its own (its own port and data
 * folder), so tests of one worker never see the accounts, baskets or rate limits of another's.
 */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 8310);

/** How many workers (and servers): two in CI, one locally unless E2E_WORKERS says otherwise. */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1)));

export const serverPort = (parallelIndex: number) => E2E_BASE_PORT + parallelIndex;

export const serverDataDir = (parallelIndex: number) => `.tmp/e2e-data-${serverPort(parallelIndex)}`;

/** The data folder of the server this worker process talks to (Playwright numbers its workers 0..n-1). */
export const workerDataDir = () => path.resolve(serverDataDir(Number(process.env.TEST_PARALLEL_INDEX ?? 0)));
