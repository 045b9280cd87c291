// Password hashes with node:crypto's scrypt: a random salt per password, the cost stored beside the hash
// (so it can be raised later without breaking old hashes) and a constant-time comparison.
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

type Cost = { N: number; r: number; p: number };

/** ~130 ms on one core of the reference machine; tests use a cheap cost to stay fast. */
const PRODUCTION_COST: Cost = { N: 2 ** 15, r: 8, p: 1 };
const TEST_COST: Cost = { N: 2 ** 10, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function currentCost(): Cost {
  return process.env.NODE_ENV === "test" ? TEST_COST : PRODUCTION_COST;
}

function derive(password: string, salt: Buffer, cost: Cost): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** `scrypt$N$r$p$salt$key` (salt and key in base64url). */
export async function hashPassword(password: string): Promise<string> {
  const cost = currentCost();
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

function parse(stored: string): { cost: Cost; salt: Buffer; key: Buffer } | null {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every((v) => Number.isInteger(v) && v > 0)) return null;
  return { cost, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

/** Whether `password` matches `stored`; a missing or malformed hash never matches (and costs the same). */
export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    await burnDummyHash(password);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.cost);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** One dummy hash per cost, made on first use. */
const dummies = new Map<number, Promise<string>>();

/**
 * Spends the time of one verification when there is no account (or no password) to check against, so a wrong
 * password and an unknown e-mail take the same time.
 */
async function burnDummyHash(password: string): Promise<void> {
  const cost = currentCost();
  let dummy = dummies.get(cost.N);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString("hex"));
    dummies.set(cost.N, dummy);
  }
  const parsed = parse(await dummy);
  if (parsed) await derive(password, parsed.salt, parsed.cost);
}

/** Whether a hash was made with a lower cost than today's (re-hash it on the next successful sign-in). */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const cost = currentCost();
  return !parsed || parsed.cost.N < cost.N || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
}
