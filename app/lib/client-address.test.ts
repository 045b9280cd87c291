import { describe, expect, test } from "vitest";
import { clientAddressKey } from "./client-address.ts";

describe("clientAddressKey", () => {
  test("IPv4 is kept whole, also when Node writes it as IPv6", () => {
    expect(clientAddressKey("203.0.113.7")).toBe("203.0.113.7");
    expect(clientAddressKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  test("IPv6 is its /64, however it is written", () => {
    const block = "2001:db8:1:2::/64";
    expect(clientAddressKey("2001:db8:1:2::1")).toBe(block);
    expect(clientAddressKey("2001:DB8:1:2:aaaa:bbbb:cccc:dddd")).toBe(block);
    expect(clientAddressKey("2001:0db8:0001:0002:0:0:0:abcd")).toBe(block);
    expect(clientAddressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientAddressKey("2001:db8:1:3::1")).not.toBe(block);
  });

  test("an empty address is one unknown client", () => {
    expect(clientAddressKey("")).toBe("unknown");
  });
});
