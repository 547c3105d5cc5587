import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where notifications may go (SSRF). A channel's URL must be https and every address its host
 * resolves to must be public, unless its host (any port) or host:port is in NOTIFY_ALLOWED_HOSTS,
 * where plain http is allowed too and any address: tests' loopback receivers, an on-premise relay.
 * The sender connects to the address checked here, so a DNS answer cannot change in between.
 */

/** NOTIFY_ALLOWED_HOSTS as config reads it: lower-case host or host:port (IPv6 as [::1]:port). */
export type AllowedHosts = ReadonlySet<string>;

export type Destination = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; reason: string };
export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** IPv4 `unicast` is what ipaddr.js leaves when no special range (private, loopback, CGNAT…) matches. */
function isPublic(address: string): boolean {
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

const defaultPort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

export async function checkDestination(raw: string, allowed: AllowedHosts, lookup: Lookup = systemLookup): Promise<Destination> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: '地址格式不正确' };
  }
  if (url.username || url.password) return { ok: false, reason: '地址不能包含用户名或密码' };
  const host = url.hostname.toLowerCase();
  const isAllowed = allowed.has(host) || allowed.has(`${host}:${defaultPort(url)}`);
  if (url.protocol !== 'https:' && !(isAllowed && url.protocol === 'http:')) return { ok: false, reason: '地址必须使用 https' };

  const literal = host.startsWith('[') ? host.slice(1, -1) : host;
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(literal)) {
    addresses = [{ address: literal, family: literal.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await lookup(host);
    } catch {
      return { ok: false, reason: '无法解析该地址的域名' };
    }
    if (addresses.length === 0) return { ok: false, reason: '无法解析该地址的域名' };
  }
  if (!isAllowed && !addresses.every((entry) => isPublic(entry.address))) {
    return { ok: false, reason: '地址指向内网或本机，不允许发送（可在 NOTIFY_ALLOWED_HOSTS 中放行）' };
  }
  const [first] = addresses;
  return { ok: true, url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
