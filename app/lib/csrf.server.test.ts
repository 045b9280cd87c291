import { describe, expect, test } from "vitest";
import { isCrossSiteWrite } from "./csrf.server.ts";
import { setupTestDatabase } from "#tests/support/database.ts";

setupTestDatabase();

const post = (headers: Record<string, string>) =>
  new Request("http://localhost:3000/entrar", {
    method: "POST",
    headers: { host: "localhost:3000", ...headers },
  });

describe("isCrossSiteWrite", () => {
  test("refuses writes a browser marks cross-site or same-site (a sibling subdomain)", () => {
    expect(isCrossSiteWrite(post({ "sec-fetch-site": "cross-site" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "sec-fetch-site": "same-site" }))).toBe(true);
    expect(isCrossSiteWrite(post({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSiteWrite(post({ "sec-fetch-site": "none" }))).toBe(false);
  });

  test("without fetch metadata, the Origin (else the Referer) must be this host", () => {
    expect(isCrossSiteWrite(post({ origin: "https://malicioso.example" }))).toBe(true);
    expect(isCrossSiteWrite(post({ origin: "null" }))).toBe(true);
    expect(isCrossSiteWrite(post({ origin: "http://localhost:3000" }))).toBe(false);
    expect(isCrossSiteWrite(post({ referer: "https://malicioso.example/pagina" }))).toBe(true);
    expect(isCrossSiteWrite(post({ referer: "http://localhost:3000/questions" }))).toBe(false);
  });

  test("reads are never refused; clients that send none of these headers are not browsers", () => {
    const get = new Request("http://localhost:3000/", { headers: { "sec-fetch-site": "cross-site" } });
    expect(isCrossSiteWrite(get)).toBe(false);
    expect(isCrossSiteWrite(post({}))).toBe(false);
  });
});
