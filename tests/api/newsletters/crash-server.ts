// A site process for the crash test: the API (no pages) on the test's database, running its periodic jobs.
import { buildApp } from '../../../src/server/app.js';
import { loadConfig } from '../../../src/server/config.js';

const config = loadConfig(process.env, { demoMode: false, passwordHashCost: 10 });
const app = await buildApp(config, { ssr: false, migrate: false });
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write('ready\n');
