import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, CreateBucketCommand, HeadBucketCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { BlobStore } from './store';

export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Key prefix inside the bucket, so one bucket can hold several deployments. */
  prefix: string;
}

export interface S3BlobStore extends BlobStore {
  presignedUrl(key: string, seconds: number): Promise<string>;
  ensureBucket(): Promise<void>;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** Blobs in an S3-compatible bucket: the shared store when several instances run. */
export function createS3Store(settings: S3Settings): S3BlobStore {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
  });
  const Bucket = settings.bucket;
  const full = (key: string) => `${settings.prefix}${key}`;

  return {
    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        if (!isMissing(error)) throw error;
        // Instances starting together race to create it; losing that race is fine.
        await client.send(new CreateBucketCommand({ Bucket })).catch((createError: { name?: string }) => {
          if (createError?.name !== 'BucketAlreadyOwnedByYou' && createError?.name !== 'BucketAlreadyExists') throw createError;
        });
      }
    },
    async put(key, bytes) {
      // S3 acknowledges a PUT only once the object is durable.
      await client.send(new PutObjectCommand({ Bucket, Key: full(key), Body: bytes, ContentType: key.endsWith('.png') ? 'image/png' : 'image/webp' }));
    },
    async get(key) {
      try {
        const response = await client.send(new GetObjectCommand({ Bucket, Key: full(key) }));
        return Buffer.from(await response.Body!.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
    },
    async listOlderThan(olderThan) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: settings.prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified && object.LastModified < olderThan) keys.push(object.Key.slice(settings.prefix.length));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return keys;
    },
    presignedUrl(key, seconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: full(key), ResponseContentType: 'image/webp' }), { expiresIn: seconds });
    },
  };
}
