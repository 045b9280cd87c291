import { readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { uploads } from "#db/schema.ts";
import { env } from "#app/lib/env.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import { CONTENT_IMAGE_MAX_SIDE, MAX_INPUT_PIXELS, sniffImageType, storeImage } from "./uploads.server.ts";

const db = setupTestDatabase();
let member: Viewer;

beforeAll(async () => {
  member = await createMember(db());
});

function solid(width: number, height: number, colour = { r: 51, g: 72, b: 164 }) {
  return sharp({ create: { width, height, channels: 3, background: colour } });
}

function fileOf(bytes: Uint8Array | Buffer, name: string, type: string) {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function storedBytes(url: string) {
  return readFile(path.resolve(env().DATA_DIR, "uploads", url.replace("/uploads/", "")));
}

describe("storeImage", () => {
  it("stores a PNG under the hash of its content and records it", async () => {
    const png = await solid(12, 8).png().toBuffer();
    const stored = await storeImage(member, fileOf(png, "quadro.png", "image/png"));
    expect(stored).toEqual({
      url: expect.stringMatching(/^\/uploads\/[a-f0-9]{64}\.png$/),
      width: 12,
      height: 8,
    });

    const bytes = await storedBytes(stored.url);
    expect(sniffImageType(bytes)?.mime).toBe("image/png");
    const [row] = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.key, stored.url.slice("/uploads/".length)));
    expect(row).toMatchObject({
      ownerId: member.id,
      mime: "image/png",
      bytes: bytes.byteLength,
      width: 12,
      height: 8,
    });
  });

  it("gives the same address to the same picture and keeps one row", async () => {
    const png = await solid(5, 5, { r: 1, g: 2, b: 3 }).png().toBuffer();
    const first = await storeImage(member, fileOf(png, "a.png", "image/png"));
    const second = await storeImage(member, fileOf(png, "b.png", "image/png"));
    expect(second.url).toBe(first.url);
    const rows = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.key, first.url.slice("/uploads/".length)));
    expect(rows).toHaveLength(1);
  });

  it("trusts the bytes, not the name: JPEG bytes named .png are stored as a JPEG", async () => {
    const jpeg = await solid(10, 10).jpeg().toBuffer();
    const stored = await storeImage(member, fileOf(jpeg, "disfarce.png", "image/png"));
    expect(stored.url).toMatch(/\.jpg$/);
    expect(sniffImageType(await storedBytes(stored.url))?.mime).toBe("image/jpeg");
  });

  it.each([
    ["garbage named .png", new TextEncoder().encode("definitely not an image, just text"), "x.png"],
    ["an HTML page named .png", new TextEncoder().encode("<html><script>alert(1)</script></html>"), "x.png"],
    ["a GIF", Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64"), "x.gif"],
    [
      "an SVG",
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      "x.svg",
    ],
    [
      "a truncated PNG",
      Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      "x.png",
    ],
    ["an empty file", new Uint8Array(), "x.jpg"],
  ])("refuses %s", async (_label, bytes, name) => {
    await expect(storeImage(member, fileOf(bytes, name, "image/png"))).rejects.toMatchObject({
      code: "unsupported_media",
      status: 415,
      message: "Envie uma imagem PNG ou JPEG.",
    });
  });

  it("refuses files over 5 MB before decoding them", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff]);
    await expect(storeImage(member, fileOf(big, "grande.jpg", "image/jpeg"))).rejects.toMatchObject({
      code: "payload_too_large",
      status: 413,
      message: "A imagem deve ter no máximo 5 MB.",
    });
  });

  it("applies a smaller limit when asked (avatars)", async () => {
    const medium = new Uint8Array(2 * 1024 * 1024 + 1);
    await expect(
      storeImage(member, fileOf(medium, "avatar.png", "image/png"), { maxBytes: 2 * 1024 * 1024 }),
    ).rejects.toMatchObject({ code: "payload_too_large", message: "A imagem deve ter no máximo 2 MB." });
  });

  it("strips EXIF metadata and turns the picture upright first", async () => {
    const jpeg = await solid(40, 20)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: { IFD0: { Copyright: "segredo-do-autor", ImageDescription: "casa da Ana" } },
      })
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);
    expect(jpeg.includes("segredo-do-autor")).toBe(true);

    const stored = await storeImage(member, fileOf(jpeg, "foto.jpg", "image/jpeg"));
    const bytes = await storedBytes(stored.url);
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(bytes.includes("segredo-do-autor")).toBe(false);
    expect(bytes.includes("casa da Ana")).toBe(false);
    // Orientation 6 means "rotate 90°": the stored picture is upright, so portrait.
    expect([stored.width, stored.height]).toEqual([20, 40]);
  });

  it("strips text chunks from PNGs", async () => {
    const png = await solid(8, 8)
      .png()
      .withMetadata({ exif: { IFD0: { Artist: "artista-secreto" } } })
      .toBuffer();
    const stored = await storeImage(member, fileOf(png, "a.png", "image/png"));
    const bytes = await storedBytes(stored.url);
    expect(bytes.includes("artista-secreto")).toBe(false);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
  });

  it("scales down inside a box, or crops to a square for avatars", async () => {
    const png = await solid(64, 32).png().toBuffer();
    const inside = await storeImage(member, fileOf(png, "a.png", "image/png"), { resizeTo: 16 });
    expect([inside.width, inside.height]).toEqual([16, 8]);
    const cover = await storeImage(member, fileOf(png, "a.png", "image/png"), { resizeTo: 16, fit: "cover" });
    expect([cover.width, cover.height]).toEqual([16, 16]);
    const small = await storeImage(member, fileOf(png, "a.png", "image/png"), { resizeTo: 1000 });
    expect([small.width, small.height]).toEqual([64, 32]);
  });

  it(`stores pictures at most ${CONTENT_IMAGE_MAX_SIDE} px on their longest side, and refuses more than ${MAX_INPUT_PIXELS / 1e6} megapixels`, async () => {
    // Few bytes, many pixels: the review's PNG was 160 KB for 7070×7070.
    const wide = await solid(4000, 1000).png({ compressionLevel: 9 }).toBuffer();
    const stored = await storeImage(member, fileOf(wide, "largo.png", "image/png"));
    expect([stored.width, stored.height]).toEqual([CONTENT_IMAGE_MAX_SIDE, CONTENT_IMAGE_MAX_SIDE / 4]);
    const metadata = await sharp(await storedBytes(stored.url)).metadata();
    expect([metadata.width, metadata.height]).toEqual([CONTENT_IMAGE_MAX_SIDE, CONTENT_IMAGE_MAX_SIDE / 4]);
    const bomb = await solid(5100, 5100).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    await expect(storeImage(member, fileOf(bomb, "bomba.png", "image/png"))).rejects.toMatchObject({
      code: "payload_too_large",
      message: "A imagem tem pixels demais (5100×5100): envie uma de até 25 megapixels.",
      field: "file",
    });
  });

  it("refuses visitors", async () => {
    const png = await solid(4, 4).png().toBuffer();
    await expect(storeImage(null, fileOf(png, "a.png", "image/png"))).rejects.toMatchObject({
      code: "unauthenticated",
      status: 401,
    });
  });
});
