import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertValidKey, contentTypeOfKey, type ObjectInfo, type PutOptions, type Storage, type StoredObject } from './storage.js';
import { describeLocation, type S3Location } from './url.js';

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

/**
 * An S3-compatible bucket through the AWS SDK's client. Checksums are sent and checked only where the API
 * requires them: the SDK's newer default (a CRC32 on every upload) is refused by several S3-compatible servers.
 * The bucket stays private: the site reads every object itself and serves it with its own checks.
 */
export function s3Storage(location: S3Location): Storage {
  const client = new S3Client({
    region: location.region,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    forcePathStyle: location.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = location.bucket;
  const keyOf = (key: string) => {
    assertValidKey(key);
    return location.prefix ? `${location.prefix}/${key}` : key;
  };
  const head = async (key: string): Promise<ObjectInfo | null> => {
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
      return { size: Number(out.ContentLength ?? 0), contentType: out.ContentType || contentTypeOfKey(key), lastModified: out.LastModified ?? null };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  };

  return {
    kind: 's3',
    async put(key: string, bytes: Buffer, options: PutOptions = {}): Promise<void> {
      if (options.immutable && (await head(key))) return;
      await client.send(
        new PutObjectCommand({ Bucket, Key: keyOf(key), Body: bytes, ContentLength: bytes.byteLength, ContentType: options.contentType ?? contentTypeOfKey(key) }),
      );
    },
    async get(key: string): Promise<StoredObject | null> {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key) }));
        if (!(out.Body instanceof Readable)) throw new Error('The S3 client answered no stream.');
        return { size: Number(out.ContentLength ?? 0), contentType: out.ContentType || contentTypeOfKey(key), lastModified: out.LastModified ?? null, body: out.Body };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    head,
    async delete(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
    },
    async check(): Promise<void> {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
        const why =
          status === 404
            ? 'there is no such bucket'
            : status === 403 || status === 401
              ? 'access is denied (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or the role)'
              : `${(err as Error).name}: ${(err as Error).message}`;
        throw new Error(`Invalid configuration: STORAGE_URL ${describeLocation(location)} cannot be used: ${why}.`);
      }
    },
    close(): void {
      client.destroy();
    },
  };
}
