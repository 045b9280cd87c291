// Random tokens for links sent by e-mail and for session cookies; only their SHA-256 is stored.
import { createHash, randomBytes } from "node:crypto";

export function createToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
