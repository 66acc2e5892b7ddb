import { afterAll } from 'vitest';
import { closeTestApps } from '../api/helpers/app.js';

/** Each API test file's apps are closed after its tests: their database connections, timers and listeners end. */
afterAll(closeTestApps);
