// The part of a client's address that names one client, for the limits and counters keyed by address (sign-in,
// sign-up, password reset, question views). One place, so they all agree on what "one client" is.
import { createHash } from "node:crypto";

/**
 * IPv4 as it is (also when written as IPv6), IPv6 by its /64: one home or phone line gets a whole /64 and
 * picks any address inside it, so keying by the exact address would give one client 2^64 fresh counters.
 */
export function clientAddressKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, "");
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (v4?.[1]) return v4[1];
  if (!address.includes(":")) return address || "unknown";
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"),
          ...tailGroups,
        ];
  return `${groups
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16))
    .join(":")}::/64`;
}

/**
 * The network a client's address belongs to (its clientAddressKey: the address, or its IPv6 /64), hashed so the
 * column that keeps it does not read as an address. Votes between members on one network move no reputation.
 */
export function networkKey(ip: string): string {
  return createHash("sha256")
    .update(`rede:${clientAddressKey(ip)}`)
    .digest("base64url")
    .slice(0, 22);
}

/**
 * Where a session began, as its member sees it on the sessions page: an IPv4 address with its last part hidden
 * ("201.17.34.x"), an IPv6 address as its /64. Enough to tell home from work, not a whole address to keep.
 */
export function addressForDisplay(ip: string): string | null {
  const key = clientAddressKey(ip);
  if (key === "unknown") return null;
  const v4 = /^(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/.exec(key);
  if (v4) return `${v4[1]}.x`;
  return key.includes("::/64") ? key : null;
}
