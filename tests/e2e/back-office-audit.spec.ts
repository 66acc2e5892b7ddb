import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { logIn } from './device-helpers.js';
import { dataDir, demoPassword, expect, hydrated, test } from './fixtures.js';

/* The audit log on a 390 px phone: an editor's staff write is read back by a superuser, who, what and when. */

test.use({ viewport: { width: 390, height: 844 } });

/** A superuser of this worker's server, made on the command line as publishers make theirs. */
function createSuperuser(username: string, password: string): void {
  const main = path.resolve(process.env.DIST_DIR ?? 'dist', 'server', 'main.js');
  const result = spawnSync(process.execPath, [main, 'createsuperuser', '--username', username, '--email', `${username}@example.com`], {
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir(), LOG_LEVEL: 'warn', LECTERN_SUPERUSER_PASSWORD: password },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status, `${result.stdout}\n${result.stderr}`).toBe(0);
}

test('a superuser reads in the audit log what an editor did', async ({ page, request }) => {
  test.setTimeout(90_000); // a command-line start of the server's code, two logins and a few screens
  const name = `Audit voucher ${randomUUID().slice(0, 8)}`;
  // The editor writes through the staff API (a voucher), as the back office's screens do.
  const login = await request.post('/api/v2/rest-auth/login/', { data: { username: 'editor', password: demoPassword('editor') } });
  const { access } = (await login.json()) as { access: string };
  const code = `AUD${randomUUID().slice(0, 6).toUpperCase()}`;
  const created = await request.post('/api/v2/shop/vouchers', {
    headers: { authorization: `Bearer ${access}` },
    data: { code, name, discount_type: 'percentage', value: 10, start_datetime: new Date().toISOString() },
  });
  expect([200, 201], await created.text()).toContain(created.status());
  const voucherId = ((await created.json()) as { id: number }).id;

  // The editor, staff but no superuser, is refused the log.
  const refused = await request.get('/api/v2/backoffice/audit', { headers: { authorization: `Bearer ${access}` } });
  expect(refused.status()).toBe(403);

  const username = `super${randomUUID().slice(0, 6)}`;
  const password = `Pw-${randomUUID()}`;
  createSuperuser(username, password);
  await logIn(page, username, password);
  await hydrated(page);
  await page.goto('/staff/ops/audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  // The superuser narrows the log to the new voucher and opens what the editor sent.
  await page.getByLabel('On (as id=12)').fill(`id=${voucherId}`);
  await page.getByRole('button', { name: 'Apply' }).click();
  const row = page.locator('li.staff-row', { hasText: '/shop/vouchers' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText(/^by .+ \(#\d+\)$/)).toBeVisible();
  await row.getByText('Sent', { exact: true }).click();
  await expect(row.locator('pre').filter({ hasText: name }).first()).toBeVisible();
  const layout = await page.evaluate(() => ({ viewport: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth }));
  expect(layout.scroll).toBeLessThanOrEqual(layout.viewport);
});
