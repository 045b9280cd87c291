import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { knownDevices, users } from "#db/schema.ts";
import { setupTestDatabase } from "#tests/support/database.ts";
import { createMember } from "#tests/support/factories.ts";
import {
  KNOWN_DEVICE_TTL_SECONDS,
  KNOWN_DEVICES_PER_MEMBER,
  deviceCookie,
  isKnownDevice,
  readDeviceToken,
  rememberDevice,
} from "./known-devices.server.ts";

const db = setupTestDatabase();
const devicesOf = async (userId: number) =>
  db().select().from(knownDevices).where(eq(knownDevices.userId, userId));

describe("known devices", () => {
  test("a device is known to the member it signed in to, for a year", async () => {
    const ana = await createMember(db());
    const bia = await createMember(db());
    const token = await rememberDevice(db(), ana.id, null);
    expect(await isKnownDevice(db(), ana.id, token)).toBe(true);
    expect(await isKnownDevice(db(), bia.id, token)).toBe(false);
    expect(await isKnownDevice(db(), ana.id, null)).toBe(false);
    // Already known: nothing new to store.
    expect(await rememberDevice(db(), ana.id, token)).toBeNull();
    const later = new Date(Date.now() + KNOWN_DEVICE_TTL_SECONDS * 1000 + 60_000);
    expect(await isKnownDevice(db(), ana.id, token, later)).toBe(false);
  });

  test("each member keeps their newest devices only", async () => {
    const ana = await createMember(db());
    const start = Date.now();
    const tokens: string[] = [];
    for (let i = 0; i < KNOWN_DEVICES_PER_MEMBER + 3; i++) {
      tokens.push((await rememberDevice(db(), ana.id, null, new Date(start + i * 1000)))!);
    }
    expect(await devicesOf(ana.id)).toHaveLength(KNOWN_DEVICES_PER_MEMBER);
    expect(await isKnownDevice(db(), ana.id, tokens[0])).toBe(false);
    expect(await isKnownDevice(db(), ana.id, tokens.at(-1))).toBe(true);
  });

  test("deleting a member deletes their devices", async () => {
    const ana = await createMember(db());
    await rememberDevice(db(), ana.id, null);
    await db().delete(users).where(eq(users.id, ana.id));
    expect(await devicesOf(ana.id)).toEqual([]);
  });

  test("the cookie is httpOnly, SameSite=Lax, a year long; Secure with the __Host- prefix under https", () => {
    expect(deviceCookie(new Request("http://localhost/"), "abc")).toBe(
      `sdd_device=abc; Path=/; Max-Age=${KNOWN_DEVICE_TTL_SECONDS}; HttpOnly; SameSite=Lax`,
    );
    expect(deviceCookie(new Request("https://sdd.dev/"), "abc")).toBe(
      `__Host-sdd_device=abc; Path=/; Max-Age=${KNOWN_DEVICE_TTL_SECONDS}; HttpOnly; SameSite=Lax; Secure`,
    );
    const token = "t".repeat(43);
    const secure = new Request("https://sdd.dev/", { headers: { cookie: `sdd_device=${token}` } });
    expect(readDeviceToken(secure)).toBeNull();
    const prefixed = new Request("https://sdd.dev/", { headers: { cookie: `__Host-sdd_device=${token}` } });
    expect(readDeviceToken(prefixed)).toBe(token);
  });
});
