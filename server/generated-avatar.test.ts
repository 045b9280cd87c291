import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generatedAvatar } from "./generated-avatar.ts";

let base = "";
let close: () => Promise<void>;
beforeAll(async () => {
  const app = express();
  app.get("/avatar/:file", generatedAvatar());
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

describe("GET /avatar/<handle>.svg", () => {
  it("answers an immutable SVG that can run nothing", async () => {
    const response = await fetch(`${base}/avatar/ana-souza.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    const svg = await response.text();
    expect(svg).toMatch(/^<svg [^>]*><rect /);
    expect(svg).not.toMatch(/script|href|on\w+=/i);
    expect(await (await fetch(`${base}/avatar/ana-souza.svg`)).text()).toBe(svg);
  });

  it("refuses what is not a handle's SVG with 404", async () => {
    for (const path of ["ana-souza", "ana-souza.png", "%3Cscript%3E.svg", "..%2Fsecret.svg", ".svg"]) {
      const response = await fetch(`${base}/avatar/${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    }
  });
});
