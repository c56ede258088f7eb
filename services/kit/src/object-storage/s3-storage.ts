import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { addressOf, type TObjectStorage } from './object-storage.ts';

export interface TS3Options {
  /** Unset: AWS S3 for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/**
 * Objects `<tenant>/<first two hex>/<key>` in one private bucket per owner (no ACL is ever granted: an
 * object reaches people only through the owner's routes, with their checks and headers). Every request
 * is signed (SigV4) with the configured key. Like the file system, the object is written before the row
 * commits; a rolled-back write leaves an unreferenced object that the same bytes reuse.
 */
export function s3Storage(options: TS3Options): TObjectStorage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
  });
  const Bucket = options.bucket;
  const keyOf = (tenantId: string, key: string) => addressOf(tenantId, key).join('/');

  async function ensureBucket() {
    try {
      await client.send(new HeadBucketCommand({ Bucket }));
      return;
    } catch (error) {
      if (statusOf(error) !== 404) throw error;
    }
    try {
      await client.send(new CreateBucketCommand({ Bucket }));
    } catch (error) {
      // Another instance created it meanwhile.
      if ((error as Error).name !== 'BucketAlreadyOwnedByYou') throw error;
    }
  }
  let bucket: Promise<void> | undefined;
  const ready = () =>
    (bucket ??= ensureBucket().catch((error: unknown) => {
      bucket = undefined; // try again next time (the store may come up later)
      throw error;
    }));

  return {
    kind: 's3',
    ready,
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async put({ tenantId }, key, bytes) {
      await ready();
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: keyOf(tenantId, key),
          Body: bytes,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async get({ tenantId }, key) {
      await ready();
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(tenantId, key) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        // Only a missing object is "no object"; a missing bucket or a refusal is an error.
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove({ tenantId }, key) {
      await ready();
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(tenantId, key) }));
    },
  };
}
