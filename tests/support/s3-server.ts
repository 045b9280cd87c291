// A local S3-compatible server (s3rver) for the tests of uploads on a bucket (ADR 038): on 127.0.0.1, a port of
// its own, a fresh folder and one bucket; stopped and removed by `stop()`.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "#app/lib/env.server.ts";

export type LocalS3 = {
  config: S3Config;
  /** The same configuration as the environment variables an app server reads. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

export async function startLocalS3(bucket = "sdd-test-uploads"): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "sdd-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const config: S3Config = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: "us-east-1",
    // s3rver's fixed credentials.
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  return {
    config,
    env: {
      S3_ENDPOINT: config.endpoint!,
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ACCESS_KEY_ID: config.accessKeyId,
      S3_SECRET_ACCESS_KEY: config.secretAccessKey,
      S3_FORCE_PATH_STYLE: "true",
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
