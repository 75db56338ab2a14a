import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
  type BucketLocationConstraint,
  type HeadObjectCommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  BlobNotFoundError,
  type BlobInfo,
  type BlobStore,
  type ByteRange,
  type PartialWrite,
} from './blob-store.ts';

const KEY_PATTERN = /^[0-9a-f]{32}$/;
const MiB = 1024 * 1024;

/**
 * Size of one multipart-upload part. A stream's length is unknown up front, so this also
 * caps a blob at 10,000 parts = 160 GiB. Memory per `put` is about three parts (two being
 * sent, one being filled), so 48 MiB; smaller parts would save memory but cost more requests.
 */
export const S3_PART_SIZE = 16 * MiB;
/** Parts sent at once by one `put`. */
const PARTS_IN_FLIGHT = 2;

/** Where an S3 store lives and how to reach it. */
export interface S3BlobStoreOptions {
  /** e.g. `http://127.0.0.1:7480` for radosgw or MinIO; omitted for AWS itself. */
  endpoint?: string;
  /** e.g. `us-east-1`; servers other than AWS mostly accept any. */
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Put before every object key so that one bucket can hold several stores: `trove` and
   * `trove/` both give `trove/blobs/<key>`. Default: none (`blobs/<key>`).
   */
  prefix?: string;
  /**
   * `https://host/bucket/key` rather than `https://bucket.host/key`. Default `true`: self-
   * hosted servers (radosgw, MinIO, Garage) have no per-bucket DNS names, and AWS takes both.
   */
  forcePathStyle?: boolean;
}

/**
 * An S3 client configured the way Trove needs it. Checksums are computed only when an
 * operation requires them: the SDK's default (CRC32 on every request, sent as an
 * aws-chunked trailer) corrupts or is rejected by servers other than AWS.
 */
export function createS3Client(options: S3BlobStoreOptions): S3Client {
  return new S3Client({
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    region: options.region,
    forcePathStyle: options.forcePathStyle ?? true,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // Without it a request to a host that drops packets waits for the kernel (minutes).
    // No socket idle timeout: a download paused by a slow reader is idle, not broken.
    requestHandler: { connectionTimeout: 10_000 },
  });
}

/**
 * Creates the bucket when it does not exist yet. Kept apart from {@link createS3BlobStore}
 * (which is synchronous and touches no network) because production buckets are usually
 * made by an operator with their own policies; call this at start-up when Trove may own it.
 */
export async function ensureS3Bucket(options: S3BlobStoreOptions): Promise<void> {
  const client = createS3Client(options);
  try {
    await client.send(new HeadBucketCommand({ Bucket: options.bucket }));
  } catch (error) {
    if (httpStatus(error) !== 404) throw error;
    // us-east-1 is the one region AWS wants no location constraint for (its type has none).
    // The SDK's type lists AWS's regions; other servers have names of their own, hence the cast.
    const location =
      options.region === 'us-east-1' ? undefined : (options.region as BucketLocationConstraint);
    try {
      await client.send(
        new CreateBucketCommand({
          Bucket: options.bucket,
          ...(location === undefined ? {} : { CreateBucketConfiguration: { LocationConstraint: location } }),
        }),
      );
    } catch (createError) {
      // Another process may have won the race; that is the state we wanted.
      if (errorName(createError) !== 'BucketAlreadyOwnedByYou') throw createError;
    }
  } finally {
    client.destroy();
  }
}

/**
 * Blobs in an S3 bucket under `<prefix>blobs/<key>` (See: [Note: Blob storage]). `put`
 * streams the source as a multipart upload of {@link S3_PART_SIZE} parts, so memory stays
 * bounded whatever the file size, and a source shorter than one part as a single PutObject.
 * S3 shows an object only once its upload completes, which gives the atomicity the contract
 * asks for; S3 acknowledges a write only once it is stored durably. A failed upload is
 * aborted; one that could not be (crash, lost connection) shows up in `listPartial` until
 * `discardPartial` aborts it. The bucket must exist (see {@link ensureS3Bucket}).
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const client = createS3Client(options);
  const bucket = options.bucket;
  const blobsPrefix = `${normalizePrefix(options.prefix)}blobs/`;

  const objectKey = (key: string) => {
    // Keys are ours; anything else (`../x`, another prefix) must not reach the bucket.
    if (!KEY_PATTERN.test(key)) throw new BlobNotFoundError(key);
    return blobsPrefix + key;
  };

  /**
   * A HEAD answers 404 without a body, so a missing bucket looks like a missing object.
   * Reporting every blob as missing because of a typo in the configuration would look
   * like data loss to the reconciler, so a 404 is double-checked against the bucket.
   */
  const assertBucketExists = async () => {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      if (httpStatus(error) === 404) throw new Error(`S3 bucket ${bucket} does not exist`, { cause: error });
      throw error;
    }
  };

  const head = async (key: string): Promise<HeadObjectCommandOutput | undefined> => {
    if (!KEY_PATTERN.test(key)) return undefined;
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    } catch (error) {
      if (httpStatus(error) !== 404) throw error;
      await assertBucketExists();
      return undefined;
    }
  };

  const abortUpload = async (objectName: string, uploadId: string) => {
    try {
      await client.send(
        new AbortMultipartUploadCommand({ Bucket: bucket, Key: objectName, UploadId: uploadId }),
      );
    } catch (error) {
      // Already aborted or completed: nothing is left to discard.
      if (httpStatus(error) !== 404) throw error;
    }
  };

  /** Aborts every unfinished upload of one object (normally zero or one). */
  const abortUploadsOf = async (objectName: string) => {
    const listed = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: objectName }));
    for (const upload of listed.Uploads ?? []) {
      if (upload.Key !== objectName || upload.UploadId === undefined) continue;
      await abortUpload(objectName, upload.UploadId);
    }
  };

  const store: BlobStore = {
    kind: 's3',

    put(source: Readable): Promise<BlobInfo> {
      return store.putAt(randomUUID().replaceAll('-', ''), source);
    },

    async putAt(key: string, source: Readable): Promise<BlobInfo> {
      if (!KEY_PATTERN.test(key)) throw new RangeError(`not a blob key: ${key}`);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: objectKey(key), Body: source },
        partSize: S3_PART_SIZE,
        queueSize: PARTS_IN_FLIGHT,
        // Abort the multipart upload when a part, or the source, fails.
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        source.destroy();
        // lib-storage aborted its multipart upload already, unless that abort failed too
        // (e.g. the server is unreachable); then this second try will most likely fail as
        // well, and the upload waits in listPartial for the reconciler.
        await abortUploadsOf(objectKey(key)).catch(() => undefined);
        throw error;
      }
      // S3's own size and time, so that `put`, `stat` and `list` agree on them.
      const info = await head(key);
      if (!info) throw new Error(`S3 upload of ${key} completed but the object is missing`);
      return { key, size: info.ContentLength ?? 0, mtime: info.LastModified?.getTime() ?? Date.now() };
    },

    async adopt(file: string): Promise<BlobInfo> {
      // Nothing to link across to a bucket: the file is uploaded like any other stream.
      return store.put(fs.createReadStream(file));
    },

    async get(key: string, range?: ByteRange): Promise<Readable> {
      if (range) checkRange(range);
      const name = objectKey(key);
      let result;
      try {
        result = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: name,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
      } catch (error) {
        // NoSuchKey and not any 404: a missing bucket (NoSuchBucket) is a configuration error.
        if (errorName(error) === 'NoSuchKey') throw new BlobNotFoundError(key);
        // A range that starts at or past the end, as on the filesystem: no bytes.
        if (range && httpStatus(error) === 416) return Readable.from([]);
        throw error;
      }
      const body = result.Body;
      if (!(body instanceof Readable)) throw new Error(`S3 returned no stream for ${key}`);
      // A server that ignores Range answers 200 with the whole object; passing that on
      // as the requested range would corrupt the caller's response.
      if (range && result.ContentRange === undefined) {
        body.destroy();
        throw new Error(`S3 ignored the byte range of a get of ${key}`);
      }
      return body;
    },

    async stat(key: string): Promise<BlobInfo | undefined> {
      const info = await head(key);
      if (!info) return undefined;
      return { key, size: info.ContentLength ?? 0, mtime: info.LastModified?.getTime() ?? 0 };
    },

    async delete(key: string): Promise<void> {
      if (!KEY_PATTERN.test(key)) return;
      // S3 answers 204 for a missing key too, so deleting is idempotent already.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },

    async *list(): AsyncIterable<BlobInfo> {
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: blobsPrefix })) {
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(blobsPrefix.length) ?? '';
          if (!KEY_PATTERN.test(key)) continue;
          yield { key, size: object.Size ?? 0, mtime: object.LastModified?.getTime() ?? 0 };
        }
      }
    },

    async listPartial(): Promise<PartialWrite[]> {
      const partial: PartialWrite[] = [];
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({
            Bucket: bucket,
            Prefix: blobsPrefix,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          const key = upload.Key?.slice(blobsPrefix.length) ?? '';
          // Uploads of keys this store would not make are someone else's.
          if (!KEY_PATTERN.test(key) || upload.UploadId === undefined) continue;
          partial.push({ id: `${key}:${upload.UploadId}`, started: upload.Initiated?.getTime() ?? 0 });
        }
        if (page.IsTruncated !== true) return partial;
        keyMarker = page.NextKeyMarker;
        uploadIdMarker = page.NextUploadIdMarker;
      }
    },

    async discardPartial(id: string): Promise<void> {
      // `<key>:<upload id>`, both halves of what AbortMultipartUpload needs. The key has a
      // fixed length and no colon, so the upload id may contain anything.
      const key = id.slice(0, 32);
      const uploadId = id.slice(33);
      if (!KEY_PATTERN.test(key) || id[32] !== ':' || uploadId === '') return;
      await abortUpload(objectKey(key), uploadId);
    },
  };
  return store;
}

/** `trove`, `/trove` and `trove/` all mean the folder `trove/`; none means the bucket's root. */
function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

/**
 * S3 ignores a malformed Range header and sends the whole object, so a bad range is
 * refused here rather than answered with the wrong bytes.
 */
function checkRange(range: ByteRange): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new RangeError(`invalid byte range ${start}-${end}`);
  }
}

function httpStatus(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

function errorName(error: unknown): string | undefined {
  return error instanceof S3ServiceException ? error.name : undefined;
}
