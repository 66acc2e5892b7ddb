import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

const publicDir = path.resolve('public');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

const manifest = JSON.parse(readFileSync(path.join(publicDir, 'manifest.webmanifest'), 'utf8')) as Record<string, unknown> & { icons: ManifestIcon[] };

describe('web app manifest', () => {
  it('names the app and makes it installable as a standalone app on the whole site', () => {
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Lectern',
      short_name: 'Lectern',
      start_url: '/',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  });

  it('lists 192 and 512 icons and a maskable one, each a PNG of the declared size on disk', async () => {
    const sizes = manifest.icons.map((i) => `${i.sizes}:${i.purpose ?? 'any'}`);
    expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
    for (const icon of manifest.icons) {
      const file = path.join(publicDir, icon.src);
      expect(existsSync(file), icon.src).toBe(true);
      expect(icon.type).toBe('image/png');
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('png');
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
  });

  it('is linked from the page template; no static robots.txt hides the one the server writes', () => {
    expect(readFileSync(path.resolve('index.html'), 'utf8')).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(existsSync(path.join(publicDir, 'robots.txt'))).toBe(false);
  });

  it('has an offline page that links home and to the saved content, with a retry', () => {
    const offline = readFileSync(path.join(publicDir, 'offline.html'), 'utf8');
    expect(offline).toContain('href="/"');
    expect(offline).toContain('lang="zh-CN"');
    // A way back when the connection returns, and to what is saved on the device.
    expect(offline).toContain('data-retry');
    expect(offline).toContain('href="/offline"');
  });
});
