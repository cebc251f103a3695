import { isIPv6 } from "node:net";

/**
 * The address a per-address limit counts by: an IPv4 address as it is, an IPv6 address by its
 * /64 network. One home or server is given a whole /64 and may use any address in it, so counting
 * each IPv6 address apart gives it as many places as it has addresses (2^64). An IPv4 address
 * written as IPv6 (`::ffff:192.0.2.1`, `::ffff:c000:201`) counts as the IPv4 address; brackets,
 * a zone (`[fe80::1%eth0]`) and a port (`192.0.2.1:4431`, `[2001:db8::1]:443`, as some proxies
 * write `X-Forwarded-For`) are not part of the address.
 */
export function addressGroupOf(ip: string): string {
  const address = addressOf(ip).replace(/%.*$/, "");
  if (!isIPv6(address)) return address;
  const groups = hextetsOf(address);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (one `isIPv6` accepts). */
function hextetsOf(address: string): number[] {
  // A trailing dotted IPv4 part is the last two groups.
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(address);
  let text = address;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array(8 - front.length - back.length).fill("0");
  return [...front, ...zeros, ...back].map((group) => Number.parseInt(group, 16));
}

/**
 * The address alone, as a proxy may write it into `X-Forwarded-For` with brackets and a port
 * (`192.0.2.1:4431`, `[2001:db8::1]:443`): one viewer or client whatever port it came from.
 */
export function addressOf(ip: string): string {
  return ip.replace(/^\[(.*)\](?::\d+)?$/, "$1").replace(/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/, "$1");
}
