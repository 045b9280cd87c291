// Uploads on S3-compatible storage (ADR 038): two app servers on one PostgreSQL and one bucket (a local s3rver
// started here) keep no files of their own. A member's image sent through one server is served by the other
// with the same bytes and headers, and an account removed through either takes its picture out of the bucket.
// PostgreSQL only (TEST_DATABASE_URL, as CI sets it).
import { createHash, randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { expect, test } from "@playwright/test";
import { runOnServer, withDatabase } from "../support/postgres-databases.ts";
import { startLocalS3, type LocalS3 } from "../support/s3-server.ts";
import { newCredentials } from "./auth.ts";
import { startHealthyServer, type SpawnedServer } from "./spawned-server.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const database = `sdd_s3_uploads_${process.pid}`;
let s3: LocalS3;
let serverA: SpawnedServer;
let serverB: SpawnedServer;

const admin = (statement: string) => runOnServer(adminUrl!, statement);

test.skip(!adminUrl, "needs PostgreSQL (TEST_DATABASE_URL): two app servers share one database");
test.describe.configure({ mode: "default" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  s3 = await startLocalS3("sdd-e2e-uploads");
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  const shared = { DATABASE_URL: withDatabase(adminUrl!, database), TRUST_PROXY: "loopback", ...s3.env };
  // One after the other: the first migrates the new database, the second finds it ready.
  serverA = await startHealthyServer(shared);
  serverB = await startHealthyServer(shared);
});
test.afterAll(async () => {
  await serverA?.stop();
  await serverB?.stop();
  await s3?.stop();
  if (adminUrl) await admin(`drop database if exists ${database} with (force)`);
});

function clientIp(): string {
  const [a = 1, b = 1, c = 1] = randomBytes(3);
  return `10.${a}.${b}.${c || 1}`;
}

async function post(server: SpawnedServer, path: string, body: FormData | URLSearchParams, cookie = "") {
  return fetch(`${server.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    body,
    headers: {
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": clientIp(),
      ...(cookie ? { cookie } : {}),
    },
  });
}

async function signUpOn(server: SpawnedServer) {
  const credentials = newCredentials();
  const response = await post(
    server,
    "/cadastro",
    new URLSearchParams({
      socialName: credentials.name,
      email: credentials.email,
      password: credentials.password,
    }),
  );
  expect(response.status).toBe(302);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).toContain("sdd_session=");
  return { ...credentials, cookie };
}

async function png(width: number, height: number): Promise<Buffer> {
  const [r = 0, g = 0, b = 0] = randomBytes(3);
  return sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

/** Files an app server wrote to its own DATA_DIR/uploads (with a bucket configured: none). */
async function localUploads(server: SpawnedServer): Promise<string[]> {
  return readdir(path.join(server.dataDir, "uploads")).catch(() => []);
}

test("an image a member uploads through one server is served by the other, same bytes, same headers", async ({
  page,
}) => {
  const member = await signUpOn(serverA);
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await png(30, 20))], { type: "image/png" }), "diagrama.png");
  const uploaded = await post(serverA, "/api/uploads", form, member.cookie);
  expect(uploaded.status).toBe(201);
  const image = (await uploaded.json()) as { url: string; width: number; height: number };
  expect(image).toMatchObject({ url: expect.stringMatching(/^\/uploads\/[a-f0-9]{64}\.png$/), width: 30 });
  const hash = image.url.slice("/uploads/".length, -".png".length);

  const fromA = await fetch(`${serverA.origin}${image.url}`);
  const fromB = await fetch(`${serverB.origin}${image.url}`);
  const bytesA = Buffer.from(await fromA.arrayBuffer());
  const bytesB = Buffer.from(await fromB.arrayBuffer());
  expect(fromB.status).toBe(200);
  expect(bytesB.equals(bytesA)).toBe(true);
  // The name is the hash of the bytes: what B sends is exactly what A stored.
  expect(createHash("sha256").update(bytesB).digest("hex")).toBe(hash);
  for (const answer of [fromA, fromB]) {
    expect(answer.headers.get("content-type")).toBe("image/png");
    expect(answer.headers.get("content-length")).toBe(String(bytesB.byteLength));
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("etag")).toBe(`"${hash}"`);
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'");
  }

  // A browser that has it is told so by either server, and nothing is on either server's disk.
  const revalidated = await fetch(`${serverB.origin}${image.url}`, {
    headers: { "If-None-Match": `"${hash}"` },
  });
  expect(revalidated.status).toBe(304);
  expect(await localUploads(serverA)).toEqual([]);
  expect(await localUploads(serverB)).toEqual([]);

  // Names that are not an upload's, and uploads that do not exist: 404 without a page, on either server.
  expect((await fetch(`${serverB.origin}/uploads/${"0".repeat(64)}.png`)).status).toBe(404);
  expect((await fetch(`${serverB.origin}/uploads/${hash}.svg`)).status).toBe(404);
  expect((await fetch(`${serverB.origin}/uploads/..%2Fsegredo.png`)).status).toBe(404);

  // And a browser shows it, opened from the other server.
  await page.goto(`${serverB.origin}${image.url}`);
  await expect.poll(() => page.evaluate(() => document.querySelector("img")?.naturalWidth ?? 0)).toBe(30);
});

test("a member's picture sent through one server leaves the bucket when the account is removed through the other", async () => {
  const member = await signUpOn(serverA);
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new Blob([new Uint8Array(await png(64, 64))], { type: "image/png" }), "foto.png");
  expect((await post(serverA, "/configuracoes", form, member.cookie)).status).toBeLessThan(400);
  const exported = (await (
    await fetch(`${serverB.origin}/configuracoes/exportar`, { headers: { cookie: member.cookie } })
  ).json()) as { account: { avatarUrl: string } };
  const avatar = exported.account.avatarUrl;
  expect(avatar).toMatch(/^\/uploads\/[a-f0-9]{64}\.png$/);
  expect((await fetch(`${serverB.origin}${avatar}`)).status).toBe(200);

  const removed = await post(
    serverB,
    "/configuracoes",
    new URLSearchParams({ intent: "delete", password: member.password }),
    member.cookie,
  );
  expect(removed.status).toBe(302);
  expect(removed.headers.get("location")).toBe("/conta-removida");
  expect((await fetch(`${serverA.origin}${avatar}`)).status).toBe(404);
  expect((await fetch(`${serverB.origin}${avatar}`)).status).toBe(404);
});
