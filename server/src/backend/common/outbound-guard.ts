import { lookup as dnsLookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { NotifyMessages } from '@pest/shared';

/**
 * Where the product may connect to (SSRF): a notification channel's URL, a network server's MQTT
 * broker. The URL must use the secure scheme (https, mqtts) and every address its host resolves to
 * must be public, unless its host (any port) or host:port is in the operator's allow list
 * (NOTIFY_ALLOWED_HOSTS, INTEGRATION_ALLOWED_HOSTS), where the plain scheme is allowed too and any
 * address: tests' loopback receivers, an on-premise relay or ChirpStack.
 */

/** An allow list as config reads it: lower-case host or host:port (IPv6 as [::1]:port). */
export type AllowedHosts = ReadonlySet<string>;

/** A kind of destination: its schemes and their default ports, and what a refusal says. */
export interface DestinationRules {
  secure: { protocol: string; port: string };
  plain: { protocol: string; port: string };
  messages: { malformed: string; credentials: string; notSecure: string; private: string; unresolvable: string };
}

/** A notification channel's webhook. The sender connects to the address checked here, so a DNS answer cannot change in between. */
export const HTTP_DESTINATIONS: DestinationRules = {
  secure: { protocol: 'https:', port: '443' },
  plain: { protocol: 'http:', port: '80' },
  messages: {
    malformed: NotifyMessages.urlMalformed,
    credentials: NotifyMessages.urlCredentials,
    notSecure: NotifyMessages.urlNotHttps,
    private: NotifyMessages.urlPrivate,
    unresolvable: NotifyMessages.urlUnresolvable,
  },
};

export type Destination = { ok: true; url: URL; address: string; family: 4 | 6 } | { ok: false; reason: string };
export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

const systemLookup: Lookup = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** Where the internet's IPv6 addresses are (2000::/3): everything outside is local, special or deprecated. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
/** NAT64's well-known prefix: the gateway connects to the IPv4 address in the last 32 bits. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

/**
 * Whether an address is on the public internet. IPv4: `unicast` is what ipaddr.js leaves when no
 * special range (private, loopback, CGNAT, 0.0.0.0/8…) matches. IPv6 is judged by allowing rather
 * than refusing: an IPv4 address inside it (IPv4-mapped ::ffff:a.b.c.d, NAT64) is judged as that
 * address; otherwise only global unicast outside every special range passes, which leaves out
 * IPv4-compatible ::a.b.c.d, unspecified, loopback, link-local, site-local, unique-local, and the
 * 6to4 and Teredo tunnels, whose relays could reach any IPv4 address.
 */
function isPublic(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublic(v6.toIPv4Address().toString());
  if (v6.match(NAT64)) return isPublic(ipaddr.fromByteArray(v6.toByteArray().slice(12)).toString());
  return v6.match(GLOBAL_UNICAST) && v6.range() === 'unicast';
}

/** `localhost` and its subdomains name this machine wherever they are resolved (RFC 6761). */
const isLocalhostName = (host: string) => /(^|\.)localhost\.?$/.test(host);

const defaultPort = (url: URL, rules: DestinationRules) => url.port || (url.protocol === rules.secure.protocol ? rules.secure.port : rules.plain.port);

type Shape = { ok: true; url: URL; host: string; isAllowed: boolean; literal: string | null } | { ok: false; reason: string };

/**
 * What can be told without DNS: scheme, credentials, an address literal. Saving a channel checks
 * this much (a provider's server may not resolve public names until it is deployed); every send
 * checks it all again with the addresses resolved.
 */
function shapeOf(raw: string, allowed: AllowedHosts, rules: DestinationRules): Shape {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: rules.messages.malformed };
  }
  if (!url.hostname) return { ok: false, reason: rules.messages.malformed };
  if (url.username || url.password) return { ok: false, reason: rules.messages.credentials };
  const host = url.hostname.toLowerCase();
  const isAllowed = allowed.has(host) || allowed.has(`${host}:${defaultPort(url, rules)}`);
  if (url.protocol !== rules.secure.protocol && !(isAllowed && url.protocol === rules.plain.protocol)) return { ok: false, reason: rules.messages.notSecure };
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  // The URL parser has already written every IPv4 form (2130706433, 0177.0.0.1, 0x7f.1) as a.b.c.d.
  const literal = ipaddr.isValid(bare) ? bare : null;
  if (!isAllowed && (literal ? !isPublic(literal) : isLocalhostName(host))) return { ok: false, reason: rules.messages.private };
  return { ok: true, url, host, isAllowed, literal };
}

export function checkUrlShape(raw: string, allowed: AllowedHosts, rules: DestinationRules = HTTP_DESTINATIONS): { ok: true } | { ok: false; reason: string } {
  const shape = shapeOf(raw, allowed, rules);
  return shape.ok ? { ok: true } : shape;
}

export async function checkDestination(raw: string, allowed: AllowedHosts, lookup: Lookup = systemLookup, rules: DestinationRules = HTTP_DESTINATIONS): Promise<Destination> {
  const shape = shapeOf(raw, allowed, rules);
  if (!shape.ok) return shape;
  let addresses: { address: string; family: number }[];
  if (shape.literal) {
    addresses = [{ address: shape.literal, family: shape.literal.includes(':') ? 6 : 4 }];
  } else {
    addresses = await lookup(shape.host).catch(() => []);
    if (addresses.length === 0) return { ok: false, reason: rules.messages.unresolvable };
  }
  if (!shape.isAllowed && !addresses.every((entry) => isPublic(entry.address))) return { ok: false, reason: rules.messages.private };
  const [first] = addresses;
  return { ok: true, url: shape.url, address: first!.address, family: first!.family === 6 ? 6 : 4 };
}
