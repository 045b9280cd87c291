// ADR 028 with several app servers (ADR 029): each worker keeps its own visitor pages, and a write through
// one of them reaches the pages it changed on every worker (LISTEN/NOTIFY carries what changed), while the
// pages it did not change stay in memory. PostgreSQL only (TEST_DATABASE_URL, as CI sets it).
import { randomBytes } from "node:crypto";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { runOnServer, withDatabase } from "../support/postgres-databases.ts";
import { newCredentials } from "./auth.ts";
import { startHealthyServer, type SpawnedServer } from "./spawned-server.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
const database = `sdd_across_${process.pid}`;
let server: SpawnedServer;

const admin = (statement: string) => runOnServer(adminUrl!, statement);

test.skip(!adminUrl, "needs PostgreSQL (TEST_DATABASE_URL)");

test.beforeAll(async () => {
  await admin(`drop database if exists ${database} with (force)`);
  await admin(`create database ${database}`);
  server = await startHealthyServer(
    { DATABASE_URL: withDatabase(adminUrl!, database), WEB_CONCURRENCY: "2", SEED_DEMO: "true" },
    "server/cluster.ts",
  );
});
test.afterAll(async () => {
  await server?.stop();
  await admin(`drop database if exists ${database} with (force)`);
});

/** A visitor's GET on a new connection, so the primary hands it to the next worker in turn. */
function visit(path: string): Promise<{ state: string; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port: server.port, path, agent: false }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ state: String(res.headers["x-visitor-cache"] ?? "rendered"), body }));
      })
      .on("error", reject);
  });
}

/** Six visits in a row (three per worker): what each one answered. */
const sixVisits = async (path: string) => {
  const answers = [];
  for (let i = 0; i < 6; i++) answers.push(await visit(path));
  return answers;
};

test("a write through one worker reaches the page it changed on every worker, and only that page", async () => {
  const credentials = newCredentials();
  const signUp = await fetch(`${server.origin}/cadastro`, {
    method: "POST",
    redirect: "manual",
    headers: { "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      socialName: credentials.name,
      email: credentials.email,
      password: credentials.password,
    }).toString(),
  });
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  expect(cookie).toContain("sdd_session=");

  // Both workers keep both pages.
  for (const path of ["/questions/2", "/questions/3"]) {
    await expect
      .poll(async () => (await sixVisits(path)).every((visit) => visit.state === "hit"), { timeout: 15_000 })
      .toBe(true);
  }

  const answer = `Resposta vista por todos os servidores ${randomBytes(4).toString("hex")}`;
  const answered = await fetch(`${server.origin}/questions/2`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "Sec-Fetch-Site": "same-origin", "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "answer", body: answer }).toString(),
  });
  expect(answered.status).toBeLessThan(400);
  // The notification reaches the other worker within milliseconds; give it a moment, then every visit, on
  // either worker, shows the answer.
  await new Promise((resolve) => setTimeout(resolve, 300));
  for (const visit of await sixVisits("/questions/2")) expect(visit.body).toContain(answer);
  // The other question was not written: both workers still answer it from memory.
  for (const visit of await sixVisits("/questions/3")) expect(visit.state).toBe("hit");
});
