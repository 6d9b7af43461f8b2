import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/** A local S3-compatible server (s3rver, pure JavaScript) with one bucket, for storage tests. */
export interface FakeS3 {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment that points the app at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * s3rver seals its ListObjectsV2 continuation tokens with DES under its own fixed key, and
 * OpenSSL 3 (Node 17 on) no longer offers DES: every listing longer than one page failed with
 * 500. The token only has to come back to s3rver unchanged, so for that one key and algorithm the
 * cipher is the identity; any other use of createCipheriv is untouched.
 */
const S3RVER_TOKEN_KEY = Buffer.alloc(8, "S3RVER", "utf8");
function passThroughTokens() {
  const isS3rverToken = (algorithm: string, key: crypto.CipherKey) =>
    algorithm === "des" && Buffer.isBuffer(key) && key.equals(S3RVER_TOKEN_KEY);
  const identity = {
    update: (data: string | Buffer, encoding?: BufferEncoding) =>
      typeof data === "string" ? Buffer.from(data, encoding) : Buffer.from(data),
    final: () => Buffer.alloc(0),
  };
  const { createCipheriv, createDecipheriv } = crypto;
  if ((createCipheriv as { s3rverTokens?: true }).s3rverTokens) return;
  const cipher = ((algorithm: string, key: crypto.CipherKey, ...rest: unknown[]) =>
    isS3rverToken(algorithm, key)
      ? identity
      : (createCipheriv as (...args: unknown[]) => unknown)(algorithm, key, ...rest)) as never;
  const decipher = ((algorithm: string, key: crypto.CipherKey, ...rest: unknown[]) =>
    isS3rverToken(algorithm, key)
      ? identity
      : (createDecipheriv as (...args: unknown[]) => unknown)(algorithm, key, ...rest)) as never;
  Object.assign(cipher, { s3rverTokens: true });
  crypto.createCipheriv = cipher;
  crypto.createDecipheriv = decipher;
}

export async function startFakeS3(bucket = "media"): Promise<FakeS3> {
  passThroughTokens();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "fake-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's default credentials; it checks signatures made with them.
  const accessKeyId = "S3RVER";
  const secretAccessKey = "S3RVER";
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_REGION: "us-east-1",
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
