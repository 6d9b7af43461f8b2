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

export async function startFakeS3(bucket = "media"): Promise<FakeS3> {
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
