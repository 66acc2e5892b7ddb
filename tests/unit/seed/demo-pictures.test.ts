import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PICTURES, MEMBERSHIP_PICTURE, storeDemoPictures } from '../../../src/server/modules/shop/demo-pictures.js';
import { diskStorage } from '../../../src/server/platform/storage/disk.js';

/* The demo shop's pictures, made at seed time (docs/decisions/0102). */

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'lectern-pictures-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('storeDemoPictures', () => {
  it('stores one 800 x 600 WebP per product without a picture, and one for the plans, in the picture library folder', async () => {
    const dir = fresh();
    const pictures = await storeDemoPictures(diskStorage(dir));
    expect([...pictures.keys()].sort()).toEqual([...Object.keys(DEMO_PICTURES), MEMBERSHIP_PICTURE].sort());
    const files = readdirSync(path.join(dir, 'media', 'images'));
    expect(files).toHaveLength(pictures.size);
    for (const picture of pictures.values()) {
      expect(picture.url).toMatch(/^\/uploads\/images\/[0-9a-f]{64}\.webp$/);
      const bytes = readFileSync(path.join(dir, 'media', 'images', path.basename(picture.url)));
      expect(bytes.byteLength).toBe(picture.bytes);
      const meta = await sharp(bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 800, 600]);
      // A drawing, not a blank: its colours vary.
      const stats = await sharp(bytes).stats();
      expect(stats.channels[0].stdev).toBeGreaterThan(5);
    }
  });

  it('makes the same bytes every time, so a second seed stores nothing new', async () => {
    const first = await storeDemoPictures(diskStorage(fresh()));
    const second = await storeDemoPictures(diskStorage(fresh()));
    expect([...second.values()].map((p) => p.url)).toEqual([...first.values()].map((p) => p.url));
  });
});
