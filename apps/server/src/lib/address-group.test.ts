import { describe, expect, it } from "vitest";
import { addressGroupOf } from "./address-group.js";

describe("addressGroupOf", () => {
  it("counts an IPv4 address as it is, and one written as IPv6 as the same", () => {
    expect(addressGroupOf("192.0.2.7")).toBe("192.0.2.7");
    expect(addressGroupOf("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(addressGroupOf("::FFFF:192.0.2.7")).toBe("192.0.2.7");
    // The same, written in hexadecimal or in full: not the /64 of ::1.
    expect(addressGroupOf("::ffff:c000:207")).toBe("192.0.2.7");
    expect(addressGroupOf("0:0:0:0:0:ffff:c633:6405")).toBe("198.51.100.5");
    expect(addressGroupOf("[::ffff:198.51.100.5]")).toBe("198.51.100.5");
  });

  it("counts every IPv6 address of one /64 as one, however it is written", () => {
    const group = "2001:db8:1:2::/64";
    for (const ip of [
      "2001:db8:1:2::1",
      "2001:db8:1:2::2d",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:a:b:c:d",
      "2001:db8:1:2:0:0:0:1%eth0",
      "2001:db8:1:2::192.0.2.1",
      "[2001:db8:1:2::9]",
    ]) {
      expect(addressGroupOf(ip), ip).toBe(group);
    }
    expect(addressGroupOf("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressGroupOf("::1")).toBe("0:0:0:0::/64");
    expect(addressGroupOf("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("leaves out a port, as a proxy may write X-Forwarded-For (round 24)", () => {
    expect(addressGroupOf("192.0.2.7:1012")).toBe("192.0.2.7");
    expect(addressGroupOf("[::ffff:192.0.2.7]:443")).toBe("192.0.2.7");
    expect(addressGroupOf("[2001:db8:1:2::9]:443")).toBe("2001:db8:1:2::/64");
    expect(addressGroupOf("[2001:db8:1:2::9%eth0]:443")).toBe("2001:db8:1:2::/64");
  });

  it("leaves what is not an address alone", () => {
    expect(addressGroupOf("unknown")).toBe("unknown");
  });
});
