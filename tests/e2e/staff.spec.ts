import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { answer, articles, dataDir, demoPassword, expect, hydrated, loginAs, succeeded, test } from './fixtures.js';

const previewSecret = () => (JSON.parse(readFileSync(path.join(dataDir(), 'secrets.json'), 'utf8')) as { adminPreviewSecret: string }).adminPreviewSecret;

/**
 * Logs the editor in on the playground, which then loads the API description (a large document the server
 * takes seconds to send on a busy machine): resolves once both answers are in.
 */
async function logInOnPlayground(page: Page) {
  await page.goto('/test/api-playground');
  await hydrated(page);
  await page.getByLabel('Username or e-mail').fill('editor');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('editor'));
  const login = succeeded(answer(page, 'POST', '/api/v2/rest-auth/login/'));
  const description = succeeded(answer(page, 'GET', '/api/openapi.json'));
  await page.getByRole('button', { name: 'Log in' }).click();
  await login;
  await (await description).finished();
}

test('a staff user tries a call on the API playground', async ({ page }) => {
  const article = (await articles(page))[0];
  await logInOnPlayground(page);
  // The description is in; the page then builds its list from all of it (hundreds of operations, one script task
  // that a busy two-core machine stretches past the usual 7 s): the heading is the sign that it is done.
  await expect(page.getByRole('heading', { level: 2, name: 'articles' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Filter operations').fill('article/summary/{id}');
  await page.getByRole('button', { name: /GET\s*\/api\/v2\/article\/summary\/\{id\}/ }).click();
  await page.getByLabel(/^id/).fill(String(article.id));
  const call = answer(page, 'GET', `/api/v2/article/summary/${article.id}`);
  await page.getByRole('button', { name: 'Send' }).click();
  await call;
  await expect(page.getByText('Status: 200')).toBeVisible();
  await expect(page.getByLabel('Response body')).toContainText(article.title);
});

test('the admin preview shows a draft to staff and answers 404 to a wrong secret', async ({ page, expectedFailures }) => {
  expectedFailures.push(/\/article\/adminpreview\/wrong-secret\//);
  const { access } = await loginAs(page, 'editor', demoPassword('editor'));
  const title = `Draft for preview ${Date.now()}`;
  const created = await page.request.post('/api/v2/article', {
    data: { title, body_markdown: 'Draft body for the preview.', status: 'draft' },
    headers: { authorization: `Bearer ${access}` },
  });
  expect(created.status()).toBe(201);
  const draft = (await created.json()) as { id: number };

  expect((await page.goto(`/article/adminpreview/wrong-secret/${draft.id}`))?.status()).toBe(404);
  await logInOnPlayground(page);
  // The description is in; the page then builds its list from all of it (hundreds of operations, one script task
  // that a busy two-core machine stretches past the usual 7 s): the heading is the sign that it is done.
  await expect(page.getByRole('heading', { level: 2, name: 'articles' })).toBeVisible({ timeout: 20_000 });
  // The server renders the page as a guest's; the browser fetches the draft with the editor's token.
  const shown = succeeded(answer(page, 'GET', `/api/v2/article/adminpreview/${draft.id}`));
  const res = await page.goto(`/article/adminpreview/${previewSecret()}/${draft.id}`);
  expect(res?.status()).toBe(200);
  await hydrated(page);
  await shown;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Draft body for the preview.')).toBeVisible();
  // The draft is not public.
  expect((await page.request.get(`/article/${draft.id}`)).status()).toBe(404);
});

test('a guest who opens the admin preview logs in and comes back to it', async ({ page }) => {
  const { access } = await loginAs(page, 'editor', demoPassword('editor'));
  const title = `Draft to log in for ${Date.now()}`;
  const created = await page.request.post('/api/v2/article', {
    data: { title, body_markdown: 'Seen after logging in.', status: 'draft' },
    headers: { authorization: `Bearer ${access}` },
  });
  const draft = (await created.json()) as { id: number };

  // The page itself is a guest's: the call above logged in through the API only.
  const previewPath = `/article/adminpreview/${previewSecret()}/${draft.id}`;
  await page.goto(previewPath);
  await hydrated(page);
  await page.getByRole('link', { name: 'Log in' }).last().click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel('Username or e-mail').fill('editor');
  await page.getByLabel('Password', { exact: true }).fill(demoPassword('editor'));
  const login = succeeded(answer(page, 'POST', '/api/v2/rest-auth/login/'));
  const shown = succeeded(answer(page, 'GET', `/api/v2/article/adminpreview/${draft.id}`));
  await page.getByRole('button', { name: 'Log in' }).click();
  await login;
  // Back on the preview, which fetches the draft with the new token.
  await shown;
  await expect(page).toHaveURL(new RegExp(`${previewPath}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});
