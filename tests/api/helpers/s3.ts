import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { parseStorageUrl, type S3Location } from '../../../src/server/platform/storage/url.js';

/** A bucket on a local S3-compatible server (s3rver on 127.0.0.1, a free port, a temporary folder). */
export interface TestBucket {
  /** A `STORAGE_URL` for this bucket under `prefix`, and what the site parses it to. */
  url(prefix: string): string;
  location(prefix: string): S3Location;
  /** Every key in the bucket under `prefix` (read through the S3 API, not the site). */
  keys(prefix?: string): Promise<string[]>;
  /** An object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Stops the server and removes its folder (after the apps using it are closed). */
  stop(): Promise<void>;
}

// s3rver checks signatures made with its fixed key pair; the site takes credentials from the environment as in production.
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
// The SDK's notice that its releases after January 2027 need Node 22 (the pinned one runs on 20).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

export async function startTestBucket(bucket = 'lectern-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'lectern-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
  const url = (prefix: string) => `s3://${bucket}/${prefix}?endpoint=${encodeURIComponent(endpoint)}&region=us-east-1`;
  return {
    async stop() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
    url,
    location: (prefix) => parseStorageUrl(url(prefix))!,
    async keys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        keys.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.NextContinuationToken;
      } while (token);
      return keys.sort();
    },
    async read(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await out.Body!.transformToByteArray());
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return null;
        throw err;
      }
    },
  };
}
