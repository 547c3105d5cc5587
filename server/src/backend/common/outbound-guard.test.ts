import { describe, expect, it } from 'vitest';
import { NotifyMessages } from '@pest/shared';
import { loadConfig } from '../../config.ts';
import { checkDestination, checkUrlShape, type Lookup } from './outbound-guard.ts';
import { PRIVATE_URLS } from './testing/private-addresses.ts';

const none = new Set<string>();
const allowedBy = (setting: string) => new Set(loadConfig({ NOTIFY_ALLOWED_HOSTS: setting }).notifyAllowedHosts);
/** A resolver that answers from a table, so the test needs no network and can name private answers. */
const resolver =
  (table: Record<string, string[]>): Lookup =>
  async (hostname) => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
const dns = resolver({
  'hooks.example.com': ['93.184.216.34'],
  'intranet.example.com': ['10.1.2.3'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.20'],
  'v6.example.com': ['2606:2800:220:1:248:1893:25c8:1946'],
  'relay.local': ['10.0.0.9'],
  'nat64.example.com': ['64:ff9b::5db8:d822'],
  // Names whose every answer is some form of a loopback or private address.
  'compatible.example.com': ['::7f00:1'],
  'mapped.example.com': ['::ffff:7f00:1'],
  'nat64-private.example.com': ['64:ff9b::a00:1'],
  '6to4.example.com': ['2002:7f00:1::'],
  'teredo.example.com': ['2001:0:4136:e378:8000:63bf:80ff:fffe'],
  'unique-local.example.com': ['fd12:3456::1'],
  'link-local.example.com': ['fe80::1%eth0'],
  'site-local.example.com': ['fec0::1'],
  'unspecified.example.com': ['0.0.0.0'],
  'unspecified6.example.com': ['::'],
});
const PRIVATE_NAMES = [
  'compatible.example.com',
  'mapped.example.com',
  'nat64-private.example.com',
  '6to4.example.com',
  'teredo.example.com',
  'unique-local.example.com',
  'link-local.example.com',
  'site-local.example.com',
  'unspecified.example.com',
  'unspecified6.example.com',
];

describe('outbound destinations', () => {
  it('accepts https to a host that resolves only to public addresses, and pins the address', async () => {
    expect(await checkDestination('https://hooks.example.com/alarm', none, dns)).toMatchObject({ ok: true, address: '93.184.216.34', family: 4 });
    expect(await checkDestination('https://v6.example.com/', none, dns)).toMatchObject({ ok: true, family: 6 });
    expect(await checkDestination('https://93.184.216.34/x', none, dns)).toMatchObject({ ok: true });
    // NAT64 (DNS64 networks) to a public IPv4 address is the internet.
    expect(await checkDestination('https://[64:ff9b::5db8:d822]/', none, dns)).toMatchObject({ ok: true });
    expect(await checkDestination('https://nat64.example.com/', none, dns)).toMatchObject({ ok: true, family: 6 });
  });

  it.each(PRIVATE_URLS)('refuses %s, before DNS and at send: a form of a loopback, private or special address', async (url) => {
    expect(checkUrlShape(url, none)).toEqual({ ok: false, reason: NotifyMessages.urlPrivate });
    expect(await checkDestination(url, none, dns)).toEqual({ ok: false, reason: NotifyMessages.urlPrivate });
  });

  it.each(PRIVATE_NAMES)('refuses %s at send, a name resolving to a form of a loopback or private address', async (name) => {
    expect(await checkDestination(`https://${name}/`, none, dns)).toEqual({ ok: false, reason: NotifyMessages.urlPrivate });
  });

  it('refuses a name that resolves to a private address, even alongside a public one', async () => {
    expect(await checkDestination('https://intranet.example.com/', none, dns)).toMatchObject({ ok: false });
    expect(await checkDestination('https://mixed.example.com/', none, dns)).toMatchObject({ ok: false });
  });

  it('refuses plain http, credentials in the URL, other schemes, names that do not resolve and garbage', async () => {
    for (const url of ['http://hooks.example.com/', 'https://user:pw@hooks.example.com/', 'ftp://hooks.example.com/', 'file:///etc/passwd', 'https://nowhere.example.com/', 'not a url']) {
      expect({ url, result: await checkDestination(url, none, dns) }).toMatchObject({ url, result: { ok: false } });
    }
  });

  it('checks without DNS what can be checked so, for saving a channel', () => {
    expect(checkUrlShape('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=K', none)).toEqual({ ok: true });
    expect(checkUrlShape('https://10.0.0.1/', none)).toMatchObject({ ok: false });
    expect(checkUrlShape('http://hooks.example.com/', none)).toMatchObject({ ok: false });
  });

  it('lets listed hosts through, with plain http, by host or by host:port only', async () => {
    const allowed = allowedBy(' 127.0.0.1:4010 , Relay.Local,[::1]:9000');
    expect(await checkDestination('http://127.0.0.1:4010/hook', allowed, dns)).toMatchObject({ ok: true, address: '127.0.0.1' });
    expect(await checkDestination('http://127.0.0.1:4011/hook', allowed, dns)).toMatchObject({ ok: false });
    expect(await checkDestination('http://relay.local:25/', allowed, dns)).toMatchObject({ ok: true, address: '10.0.0.9' });
    expect(await checkDestination('http://[::1]:9000/', allowed, dns)).toMatchObject({ ok: true, family: 6 });
    expect(await checkDestination('ftp://relay.local/', allowed, dns)).toMatchObject({ ok: false });
  });
});
