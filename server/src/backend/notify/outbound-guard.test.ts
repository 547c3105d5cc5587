import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { checkDestination, checkUrlShape, type Lookup } from './outbound-guard.ts';

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
});

describe('outbound destinations', () => {
  it('accepts https to a host that resolves only to public addresses, and pins the address', async () => {
    expect(await checkDestination('https://hooks.example.com/alarm', none, dns)).toMatchObject({ ok: true, address: '93.184.216.34', family: 4 });
    expect(await checkDestination('https://v6.example.com/', none, dns)).toMatchObject({ ok: true, family: 6 });
    expect(await checkDestination('https://93.184.216.34/x', none, dns)).toMatchObject({ ok: true });
  });

  it.each([
    'https://127.0.0.1/',
    'https://10.0.0.1/',
    'https://172.16.5.4/',
    'https://192.168.0.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/',
    'https://0.0.0.0/',
    'https://[::1]/',
    'https://[fe80::1]/',
    'https://[fd00::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[::]/',
    'https://224.0.0.1/',
  ])('refuses %s: loopback, private, link-local, unique-local, mapped or special', async (url) => {
    expect(await checkDestination(url, none, dns)).toMatchObject({ ok: false });
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
