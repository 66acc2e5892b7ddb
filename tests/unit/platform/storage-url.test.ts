import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config.js';
import { diskStorage } from '../../../src/server/platform/storage/disk.js';
import { contentTypeOfKey, isValidKey } from '../../../src/server/platform/storage/storage.js';
import { describeLocation, parseStorageUrl } from '../../../src/server/platform/storage/url.js';

describe('STORAGE_URL', () => {
  it('is the data folder when unset or blank', () => {
    expect(parseStorageUrl(undefined)).toBeNull();
    expect(parseStorageUrl('  ')).toBeNull();
  });

  it('names a bucket, a prefix, an S3-compatible endpoint (path-style) and a region', () => {
    expect(parseStorageUrl('s3://lectern-media/site/one?endpoint=http://127.0.0.1:4569&region=eu-west-1')).toEqual({
      bucket: 'lectern-media',
      prefix: 'site/one',
      endpoint: 'http://127.0.0.1:4569',
      region: 'eu-west-1',
      forcePathStyle: true,
    });
    // AWS itself: virtual-hosted style, the region from the environment (else us-east-1).
    expect(parseStorageUrl('s3://lectern-media', { AWS_REGION: 'ap-east-1' })).toEqual({ bucket: 'lectern-media', prefix: '', endpoint: null, region: 'ap-east-1', forcePathStyle: false });
    expect(parseStorageUrl('s3://lectern-media/')?.region).toBe('us-east-1');
    expect(parseStorageUrl('s3://media.example.com/x/?endpoint=https%3A%2F%2Fs3.example.com%2F&path_style=0')).toMatchObject({
      bucket: 'media.example.com',
      prefix: 'x',
      endpoint: 'https://s3.example.com',
      forcePathStyle: false,
    });
    expect(describeLocation(parseStorageUrl('s3://b1b/p?endpoint=http://localhost:9000')!)).toBe('s3://b1b/p at http://localhost:9000');
  });

  it.each([
    ['http://bucket/x', /must start with s3:\/\//],
    ['s3://AKIA:secret@bucket', /must not carry credentials.*AWS_ACCESS_KEY_ID/],
    ['s3://Bucket_Name', /names no valid bucket/],
    ['s3://ab', /names no valid bucket/],
    ['s3:///prefix-only', /names no valid bucket/],
    ['s3://bucket:9000', /names a port/],
    ['s3://bucket/a/../b', /not plain|no valid/],
    ['s3://bucket/.hidden', /prefix part that is not plain/],
    ['s3://bucket?endpoint=ftp://host', /endpoint must be an http/],
    ['s3://bucket?endpoint=not a url', /endpoint must be an http/],
    ['s3://bucket?region=EU%20West', /region is not a region name/],
    ['s3://bucket?path_style=yes', /path_style must be 0 or 1/],
    ['s3://bucket?acl=public-read', /unknown parameters \(acl\)/],
  ])('refuses %s with a message naming STORAGE_URL', (value, why) => {
    expect(() => parseStorageUrl(value)).toThrow(/^Invalid configuration: STORAGE_URL /);
    expect(() => parseStorageUrl(value)).toThrow(why);
  });

  it('is read by the configuration, and a bad one stops the start', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lectern-storage-config-'));
    try {
      const base = { NODE_ENV: 'test', DATA_DIR: dir };
      expect(loadConfig(base).storage).toBeNull();
      expect(loadConfig({ ...base, STORAGE_URL: 's3://lectern-media/p?endpoint=http://127.0.0.1:4569' }).storage).toMatchObject({ bucket: 'lectern-media', prefix: 'p' });
      expect(() => loadConfig({ ...base, STORAGE_URL: 'lectern-media' })).toThrow(/STORAGE_URL must start with s3:\/\//);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('storage keys', () => {
  it('are plain segments only', () => {
    expect(isValidKey('media/images/abc.webp')).toBe(true);
    expect(isValidKey('member-media/lesson/12/abc.mp3')).toBe(true);
    for (const key of ['', '/media/x', 'media//x', 'media/../secrets.json', '../x', 'media/.x', 'media/x y', 'media\\x', 'a/b/c/d/e/f/g/h/i']) expect(isValidKey(key), key).toBe(false);
  });

  it('give the type of their extension', () => {
    expect(contentTypeOfKey('media/images/a.webp')).toBe('image/webp');
    expect(contentTypeOfKey('documents/a.EPUB')).toBe('application/epub+zip');
    expect(contentTypeOfKey('submissions/a')).toBe('application/octet-stream');
  });
});

describe('the data folder store', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'lectern-disk-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const disk = diskStorage(root);

  it('keeps the paths files had before: a key is its path under DATA_DIR', async () => {
    await disk.put('media/images/a.webp', Buffer.from('one'));
    expect(readFileSync(path.join(root, 'media', 'images', 'a.webp'), 'utf8')).toBe('one');
    // No partial file is left beside it.
    expect(readdirSync(path.join(root, 'media', 'images'))).toEqual(['a.webp']);
  });

  it('keeps an immutable file that is there, writes private ones without read access for others, and reads and deletes', async () => {
    await disk.put('media/images/b.webp', Buffer.from('first'), { immutable: true });
    await disk.put('media/images/b.webp', Buffer.from('second'), { immutable: true });
    expect(readFileSync(path.join(root, 'media', 'images', 'b.webp'), 'utf8')).toBe('first');
    await disk.put('submissions/c.md', Buffer.from('# c'), { private: true });
    expect(statSync(path.join(root, 'submissions', 'c.md')).mode & 0o007).toBe(0);
    const got = await disk.get('submissions/c.md');
    expect(got).toMatchObject({ size: 3, contentType: 'text/markdown; charset=utf-8' });
    const chunks: Buffer[] = [];
    for await (const chunk of got!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('# c');
    expect(await disk.head('media/images/b.webp')).toMatchObject({ size: 5, contentType: 'image/webp' });
    await disk.delete('media/images/b.webp');
    await disk.delete('media/images/b.webp');
    expect(await disk.head('media/images/b.webp')).toBeNull();
    expect(await disk.get('media/images/b.webp')).toBeNull();
    await expect(disk.put('../outside', Buffer.from('x'))).rejects.toThrow(/Not a storage key/);
  });
});
