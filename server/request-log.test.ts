import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { redactedUrl, requestLog } from "./request-log.ts";

const token = "Qk3x9_ZpL0aTy-4nW2vR8sE1uYbC6dF5gH7jK0mN2oP";

describe("redactedUrl", () => {
  it("drops e-mailed tokens wherever they stand in the address", () => {
    for (const url of [
      `/confirmar-email/${token}`,
      `/confirmar-email/${token}.data`,
      `/newsletter/cancelar/12.${token}`,
      `/?auth=recovery&token=${token}`,
      `/entrar?redirectTo=${encodeURIComponent(`/confirmar-email/${token}`)}`,
    ]) {
      const logged = redactedUrl(url);
      expect(logged, url).not.toContain(token);
      expect(logged, url).toContain("[redigido]");
    }
  });

  it("keeps what is not secret: slugs, handles, page numbers", () => {
    const slug = "/blog/como-configurar-o-eslint-com-typescript-em-projetos-grandes";
    expect(redactedUrl(slug)).toBe(slug);
    expect(redactedUrl("/questions?page=2&sort=newest")).toBe("/questions?page=2&sort=newest");
  });
});

describe("requestLog", () => {
  it("writes one line per response: method, redacted address, status, time; never the cookie", async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: "info" },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    const app = express();
    app.use(requestLog(logger));
    app.get("/assets/app.js", (_req, res) => void res.send("x"));
    app.get("/*path", (_req, res) => void res.status(404).send("não"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      const headers = { cookie: "sdd_session=segredo-do-membro" };
      await fetch(`http://127.0.0.1:${port}/confirmar-email/${token}`, { headers });
      await fetch(`http://127.0.0.1:${port}/assets/app.js`, { headers });
    } finally {
      server.close();
    }
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).toMatchObject({
      msg: "request",
      reqId: expect.any(Number),
      req: { method: "GET", url: "/confirmar-email/[redigido]" },
      res: { status: 404 },
    });
    expect(typeof line?.ms).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("segredo-do-membro");
    expect(JSON.stringify(lines)).not.toContain(token);
  });
});
