import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { NotifyMessages } from '@pest/shared';

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

type Shape = { ok: true; url: URL; host: string; isAllowed: boolean; literal: string | null } | { ok: false; reason: string };

/**
 * What can be told without DNS: scheme, credentials, an address literal. Saving a channel checks
 * this much (a provider's server may not resolve public names until it is deployed); every send
 * checks it all again with the addresses resolved.
 */
function shapeOf(raw: string, allowed: AllowedHosts): Shape {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: NotifyMessages.urlMalformed };
  }
  if (url.username || url.password) return { ok: false, reason: NotifyMessages.urlCredentials };
  const host = url.hostname.toLowerCase();
  const isAllowed = allowed.has(host) || allowed.has(`${host}:${defaultPort(url)}`);
  if (url.protocol !== 'https:' && !(isAllowed && url.protocol === 'http:')) return { ok: false, reason: NotifyMessages.urlNotHttps };
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const literal = ipaddr.isValid(bare) ? bare : null;
  if (literal && !isAllowed && !isPublic(literal)) return { ok: false, reason: NotifyMessages.urlPrivate };
  return { ok: true, url, host, isAllowed, literal };
}

export function checkUrlShape(raw: string, allowed: AllowedHosts): { ok: true } | { ok: false; reason: string } {
  const shape = shapeOf(raw, allowed);
  return shape.ok ? { ok: true } : shape;
}

export async function checkDestination(raw: string, allowed: AllowedHosts, lookup: Lookup = systemLookup): Promise<Destination> {
  const shape = shapeOf(raw, allowed);
  if (!shape.ok) return shape;
  let addresses: { address: string; family: number }[];
  if (shape.literal) {
    addresses = [{ address: shape.literal, family: shape.literal.includes(':') ? 6 : 4 }];
  } else {
    addresses = await lookup(shape.host).catch(() => []);
    if (addresses.length === 0) return { ok: false, reason: NotifyMessages.urlUnresolvable };
  }
  if (!shape.isAllowed && !addresses.every((entry) => isPublic(entry.address))) return { ok: false, reason: NotifyMessages.urlPrivate };
  const [first] = addresses;
  return { ok: true, url: shape.url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
