import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../src/web/entry-server.js';
import { createTestApp, type TestApp } from '../helpers/app.js';

/* Browsers ask every site for /favicon.ico: the site answers with its one icon, the SVG, instead of a 404 page. */

const distDir = path.join(process.env.TMPDIR ?? '/tmp', `lectern-favicon-${process.pid}-${Math.random().toString(36).slice(2)}`);
const ICON = readFileSync('public/favicon.svg', 'utf8');

let t: TestApp;
beforeAll(async () => {
  const client = path.join(distDir, 'client');
  mkdirSync(client, { recursive: true });
  writeFileSync(path.join(client, 'index.html'), readFileSync('index.html', 'utf8'));
  writeFileSync(path.join(client, 'favicon.svg'), ICON);
  t = await createTestApp({ distDir }, { ssr: { mode: 'production', loadRender: async () => render } });
});

describe('/favicon.ico', () => {
  it('is a permanent redirect to the SVG icon, kept by the browser for a month', async () => {
    const res = await t.app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/favicon.svg');
    expect(res.headers['cache-control']).toBe(`public, max-age=${30 * 24 * 3600}`);
  });

  it('leads to the icon itself, an SVG image', async () => {
    const res = await t.app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toBe(ICON);
  });

  it('answers HEAD as browsers may ask it, and nothing else under the name', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/favicon.ico' })).statusCode).toBe(301);
    expect((await t.app.inject({ url: '/favicon.icon' })).statusCode).toBe(404);
  });
});
