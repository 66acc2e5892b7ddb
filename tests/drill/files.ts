import sharp from 'sharp';
import { check, login, type Check, type DrillSite } from './checks.js';

/**
 * Each process has a data folder of its own and the files live in the bucket of STORAGE_URL: a picture uploaded
 * through one process is served by every other, and a delete through another is seen by all.
 */
export async function sharedFiles(site: DrillSite): Promise<Check[]> {
  const [first, ...others] = site.processes as [string, ...string[]];
  const editor = await login(first, site, 'editor');
  const auth = { authorization: `Bearer ${editor.token}` };
  const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#39c' } }).jpeg().toBuffer();
  let made: { id: number; url: string; bytes: number } | undefined;
  const uploaded = await check('a picture uploaded through one process is served by every other (S3-compatible bucket)', async () => {
    const res = await fetch(`${first}/api/v2/images?title=Drill`, { method: 'POST', headers: { ...auth, 'content-type': 'image/jpeg' }, body: jpeg });
    if (res.status !== 201) return `upload answered ${res.status}: ${await res.text()}`;
    made = (await res.json()) as typeof made;
    for (const base of others) {
      const got = await fetch(`${base}${made!.url}`);
      const bytes = (await got.arrayBuffer()).byteLength;
      if (got.status !== 200 || bytes !== made!.bytes) return `${base}${made!.url}: ${got.status}, ${bytes} bytes (uploaded ${made!.bytes})`;
    }
    return null;
  });
  const deleted = await check('a picture deleted through another process is gone from every process', async () => {
    if (!made) return 'nothing was uploaded';
    const last = others[others.length - 1]!;
    const res = await fetch(`${last}/api/v2/images/${made.id}`, { method: 'DELETE', headers: auth });
    if (res.status !== 204) return `delete answered ${res.status}`;
    for (const base of site.processes) {
      const got = await fetch(`${base}${made.url}`);
      await got.arrayBuffer();
      if (got.status !== 404) return `${base}${made.url}: ${got.status} after the delete`;
    }
    return null;
  });
  return [uploaded, deleted];
}
