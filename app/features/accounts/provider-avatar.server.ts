// A new member's picture from their GitHub or Google profile (ADR 044): fetched with a timeout and a size cap,
// then checked and re-encoded exactly like an uploaded avatar. Any failure leaves the illustration.
import { env, isLoopbackHost } from "#app/lib/env.server.ts";
import type { Viewer } from "#app/lib/viewer.ts";
import { storeImage } from "#app/features/uploads/uploads.server.ts";
import { AVATAR_MAX_BYTES, AVATAR_SIZE } from "./settings.server.ts";

const TIMEOUT_MS = 5000;

/** Where GitHub and Google serve profile pictures. */
const PICTURE_HOSTS = [/^avatars\.githubusercontent\.com$/, /^[\w-]+\.googleusercontent\.com$/];

/**
 * Only the providers' own picture hosts (or the hosts of providers the operator configured in their place, such
 * as GitHub Enterprise or the tests' local ones): the address comes from the provider's profile, and a server
 * that fetches any address it is given can be aimed at the machines behind it. https only; plain http only on
 * loopback while the providers themselves are local (the tests).
 */
function allowed(url: URL): boolean {
  const config = env();
  const configured = [config.GITHUB_OAUTH_URL, config.GITHUB_API_URL, config.GOOGLE_ISSUER].map(
    (base) => new URL(base).hostname,
  );
  const knownHost =
    PICTURE_HOSTS.some((host) => host.test(url.hostname)) ||
    configured.some(
      (host) =>
        host === url.hostname && !["github.com", "api.github.com", "accounts.google.com"].includes(host),
    );
  if (!knownHost) return false;
  if (url.protocol === "https:") return true;
  const localProviders = configured.some((host) => isLoopbackHost(host));
  return url.protocol === "http:" && isLoopbackHost(url.hostname) && localProviders;
}

/** Reads at most `max` bytes of the body; null when it is larger. */
async function readCapped(response: Response, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (Number(response.headers.get("content-length") ?? 0) > max) return null;
  const reader = response.body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The stored picture's address, or null (not allowed, too slow, too large, not a PNG or JPEG). */
export async function importProviderAvatar(viewer: Viewer, address: string): Promise<string | null> {
  if (!URL.canParse(address)) return null;
  const url = new URL(address);
  if (!allowed(url)) return null;
  const response = await fetch(url, { redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) return null;
  const bytes = await readCapped(response, AVATAR_MAX_BYTES);
  if (!bytes) return null;
  const image = await storeImage(viewer, new File([bytes], "avatar", { type: "application/octet-stream" }), {
    maxBytes: AVATAR_MAX_BYTES,
    resizeTo: AVATAR_SIZE,
    fit: "cover",
  });
  return image.url;
}
