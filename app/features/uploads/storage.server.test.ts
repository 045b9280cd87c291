// Uploads on an S3-compatible bucket (ADR 038), against a real local S3 server (s3rver) started here: the
// storage itself, what /uploads/<file> answers from it, an account's files leaving it, and the command that
// moves DATA_DIR/uploads into it.
import { createHash } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Client } from "@aws-sdk/client-s3";
import { uploads } from "#db/schema.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { startLocalS3, type LocalS3 } from "#tests/support/s3-server.ts";
import {
  copyLocalUploads,
  IMMUTABLE,
  localDiskStorage,
  s3Client,
  s3Storage,
  uploadReply,
  type UploadStorage,
} from "./storage.server.ts";
import { forgetUnusedUploadsOf, removeUploadFiles, storeImage } from "./uploads.server.ts";

const db = setupTestDatabase();
let s3: LocalS3;
let client: S3Client;
let bucket: UploadStorage;
let member: Viewer;
let localDir: string;

beforeAll(async () => {
  s3 = await startLocalS3();
  client = s3Client(s3.config);
  bucket = s3Storage(client, s3.config.bucket);
  member = await createMember(db());
  localDir = await mkdtemp(path.join(os.tmpdir(), "sdd-local-uploads-"));
});
afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  if (localDir) await rm(localDir, { recursive: true, force: true });
});

async function png(seed: number) {
  return sharp({ create: { width: 6, height: 4, channels: 3, background: { r: seed, g: 72, b: 164 } } })
    .png()
    .toBuffer();
}

const keyOf = (bytes: Uint8Array, ext: "png" | "jpg") =>
  `${createHash("sha256").update(bytes).digest("hex")}.${ext}`;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe("the S3-compatible storage", () => {
  it("puts a file once, keeps it on the second put, and serves the same bytes with safe headers", async () => {
    const bytes = await png(1);
    const key = keyOf(bytes, "png");
    expect(await bucket.has(key)).toBe(false);
    expect(await bucket.put(key, bytes, "image/png")).toBe(true);
    expect(await bucket.put(key, bytes, "image/png")).toBe(false);
    expect(await bucket.has(key)).toBe(true);

    const opened = await bucket.open(key);
    expect(opened?.size).toBe(bytes.byteLength);
    expect((await bytesOf(opened!.body)).equals(bytes)).toBe(true);

    const reply = await uploadReply(key, undefined, bucket);
    expect(reply.status).toBe(200);
    if (reply.status !== 200) return;
    expect(reply.headers).toMatchObject({
      "Content-Type": "image/png",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": IMMUTABLE,
      ETag: `"${key.slice(0, 64)}"`,
      "X-Content-Type-Options": "nosniff",
    });
    expect(reply.headers["Content-Security-Policy"]).toContain("default-src 'none'");
    expect((await bytesOf(reply.body)).equals(bytes)).toBe(true);

    // The browser that has it is told so, on any server: the validator is the content's hash.
    const again = await uploadReply(key, `W/"outro", "${key.slice(0, 64)}"`, bucket);
    expect(again).toMatchObject({ status: 304, headers: { ETag: `"${key.slice(0, 64)}"` } });
  });

  it("takes the type from the key, not from what was stored beside it", async () => {
    const bytes = await sharp(await png(2))
      .jpeg()
      .toBuffer();
    const key = keyOf(bytes, "jpg");
    await bucket.put(key, bytes, "text/html");
    const reply = await uploadReply(key, undefined, bucket);
    expect(reply.status === 200 && reply.headers["Content-Type"]).toBe("image/jpeg");
    if (reply.status === 200) reply.body.destroy();
  });

  it("answers 404 for a missing key, and refuses names that are not uploads before asking any bucket", async () => {
    const missing = `${"0".repeat(64)}.png`;
    expect(await bucket.has(missing)).toBe(false);
    expect(await bucket.open(missing)).toBeNull();
    expect(await uploadReply(missing, undefined, bucket)).toEqual({ status: 404 });
    expect(await uploadReply(missing, `"${"0".repeat(64)}"`, bucket)).toEqual({ status: 404 });

    // A bucket nobody listens at: had a call been made, it would fail with a connection error instead.
    const nowhere = s3Client({ ...s3.config, endpoint: "http://127.0.0.1:9" });
    const unreachable = s3Storage(nowhere, s3.config.bucket);
    try {
      for (const bad of ["../secret.png", `${"a".repeat(64)}.svg`, `${"A".repeat(64)}.png`, "x.png", ""]) {
        expect(await uploadReply(bad, undefined, unreachable), bad).toEqual({ status: 404 });
        await expect(unreachable.open(bad), bad).rejects.toThrow(/invalid upload key/);
        await expect(unreachable.has(bad), bad).rejects.toThrow(/invalid upload key/);
        await expect(unreachable.remove(bad), bad).rejects.toThrow(/invalid upload key/);
        await expect(unreachable.put(bad, new Uint8Array([1]), "image/png"), bad).rejects.toThrow(
          /invalid upload key/,
        );
      }
    } finally {
      nowhere.destroy();
    }
  });

  it("removes a file, and removing it again is no error", async () => {
    const bytes = await png(3);
    const key = keyOf(bytes, "png");
    await bucket.put(key, bytes, "image/png");
    await bucket.remove(key);
    expect(await bucket.has(key)).toBe(false);
    expect(await uploadReply(key, undefined, bucket)).toEqual({ status: 404 });
    await bucket.remove(key);
  });

  it("keeps the addresses content already uses: /uploads/<key>, never the bucket's", () => {
    const key = `${"ab".repeat(32)}.jpg`;
    expect(bucket.publicUrl(key)).toBe(`/uploads/${key}`);
    expect(bucket.keyOf(`/uploads/${key}`)).toBe(key);
    expect(bucket.keyOf(`http://127.0.0.1/uploads/${key}`)).toBeNull();
    expect(bucket.keyOf("/uploads/../db.png")).toBeNull();
    expect(bucket.publicUrl(key)).toBe(localDiskStorage(localDir).publicUrl(key));
    expect(bucket.description).toBe(`s3://${s3.config.bucket}`);
  });

  it("stores a member's image in the bucket, and an account's unused files leave it on removal", async () => {
    const stored = await storeImage(
      member,
      new File([new Uint8Array(await png(4))], "foto.png", { type: "image/png" }),
      { storage: bucket },
    );
    const key = bucket.keyOf(stored.url)!;
    expect(key).not.toBeNull();
    expect(await bucket.has(key)).toBe(true);
    const [row] = await db().select().from(uploads).where(eq(uploads.key, key));
    expect(row?.ownerId).toBe(member.id);

    const unused = await forgetUnusedUploadsOf(db(), { id: member.id, avatarUrl: stored.url }, bucket);
    expect(unused).toContain(key);
    await removeUploadFiles(unused, bucket);
    expect(await bucket.has(key)).toBe(false);
    expect(await db().select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
  });
});

describe("the local disk storage", () => {
  it("answers /uploads/<file> the same way", async () => {
    const disk = localDiskStorage(path.join(localDir, "disk"));
    const bytes = await png(5);
    const key = keyOf(bytes, "png");
    expect(await disk.put(key, bytes, "image/png")).toBe(true);
    expect(await disk.put(key, bytes, "image/png")).toBe(false);
    const reply = await uploadReply(key, undefined, disk);
    expect(reply.status).toBe(200);
    if (reply.status !== 200) return;
    expect(reply.headers).toMatchObject({
      "Content-Type": "image/png",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": IMMUTABLE,
      ETag: `"${key.slice(0, 64)}"`,
    });
    expect((await bytesOf(reply.body)).equals(bytes)).toBe(true);
    expect(await uploadReply(key, `"${key.slice(0, 64)}"`, disk)).toMatchObject({ status: 304 });
    await disk.remove(key);
    expect(await uploadReply(key, undefined, disk)).toEqual({ status: 404 });
  });
});

describe("copyLocalUploads (npm run uploads:to-s3)", () => {
  it("copies every upload once, skips what the bucket has and what is not an upload, keeps the local files", async () => {
    const folder = path.join(localDir, "to-copy");
    const disk = localDiskStorage(folder);
    const first = await png(10);
    const second = await sharp(await png(11))
      .jpeg()
      .toBuffer();
    const firstKey = keyOf(first, "png");
    const secondKey = keyOf(second, "jpg");
    await disk.put(firstKey, first, "image/png");
    await disk.put(secondKey, second, "image/jpeg");
    // Not uploads: a file someone left there, a write interrupted midway, bytes that do not match their name.
    await writeFile(path.join(folder, "leia-me.txt"), "nada");
    await writeFile(path.join(folder, `.${firstKey}.abc123.tmp`), first.subarray(0, 10));
    const forged = `${"f".repeat(64)}.png`;
    await writeFile(path.join(folder, forged), first);

    const copied: string[] = [];
    const report = await copyLocalUploads(folder, bucket, (key, outcome) => copied.push(`${outcome} ${key}`));
    expect(report).toEqual({
      copied: 2,
      present: 0,
      skipped: expect.arrayContaining(["leia-me.txt", `.${firstKey}.abc123.tmp`, forged]),
    });
    expect(report.skipped).toHaveLength(3);
    expect(copied.sort()).toEqual([`copied ${firstKey}`, `copied ${secondKey}`].sort());
    expect(await bucket.has(forged)).toBe(false);
    const served = await uploadReply(secondKey, undefined, bucket);
    expect(served.status === 200 && served.headers["Content-Type"]).toBe("image/jpeg");
    if (served.status === 200) expect((await bytesOf(served.body)).equals(second)).toBe(true);

    // Run again (after an interruption, say): nothing is copied twice, and the local files are still there.
    expect(await copyLocalUploads(folder, bucket)).toMatchObject({ copied: 0, present: 2 });
    expect(await disk.has(firstKey)).toBe(true);
    expect(await disk.has(secondKey)).toBe(true);
  });

  it("has nothing to do when DATA_DIR/uploads does not exist", async () => {
    expect(await copyLocalUploads(path.join(localDir, "nunca-existiu"), bucket)).toEqual({
      copied: 0,
      present: 0,
      skipped: [],
    });
  });
});
