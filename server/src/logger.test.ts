import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DevicePaths, DisplayPaths, SessionPaths, type DisplayLinkSaveResult } from '@pest/shared';
import { createTestBackend } from './backend/testing.ts';
import { loadConfig } from './config.ts';
import { createGateway } from './gateway/create-gateway.ts';
import { createLogger, maskUrl } from './logger.ts';

describe('maskUrl', () => {
  it.each([
    ['/wallboard/?token=abc.def&phone=13800000001', '/wallboard/?token=***&phone=***'],
    ['/wallboard/?display=dl_abc-DEF_123.2', '/wallboard/?display=***'],
    ['/wallboard/?code=K7QM-3XZP-9RDA&lang=en', '/wallboard/?code=***&lang=en'],
    ['/wallboard/?lang=en&Display=dl_abc#x', '/wallboard/?lang=en&Display=***#x'],
    ['/x?a=1&TOKEN=abc#top', '/x?a=1&TOKEN=***#top'],
    ['/x?tokens=1&mytoken=2', '/x?tokens=1&mytoken=2'],
    ['/dataSheet/riskSummary', '/dataSheet/riskSummary'],
  ])('%s', (url, masked) => expect(maskUrl(url)).toBe(masked));
});

describe('logs', () => {
  it('never contain a session token, a display token or a phone number, whatever the request carried', async () => {
    const lines: string[] = [];
    const logger = createLogger('trace', { write: (line: string) => void lines.push(line) });
    const backend = await createTestBackend({ logger: logger.child({ component: 'backend' }) });
    const consoleDist = await mkdtemp(path.join(os.tmpdir(), 'pest-console-'));
    await writeFile(path.join(consoleDist, 'index.html'), '<!doctype html>');
    const gateway = await createGateway({
      upstreamUrl: await backend.app.listen({ host: '127.0.0.1', port: 0 }),
      consoleDist,
      logger: logger.child({ component: 'gateway' }),
      config: loadConfig({}),
    });

    try {
      const phone = '13800000001';
      const login = await gateway.inject({ method: 'POST', url: SessionPaths.login, payload: { account: phone, password: '123456' } });
      const { token } = login.json().data;
      const authorization = `Bearer ${token}`;
      await gateway.inject({ method: 'GET', url: SessionPaths.userInfo, headers: { authorization, cookie: `Admin-Token=${token}` } });
      await gateway.inject({ method: 'GET', url: `/wallboard/?token=${token}&phone=${phone}` });
      await gateway.inject({ method: 'GET', url: `/dataSheet/riskSummary?token=${token}` });
      const created = await gateway.inject({
        method: 'POST',
        url: DisplayPaths.save,
        headers: { authorization },
        payload: { name: '监控中心', scopes: [{ customerIds: [], areaIds: [] }], dwellSeconds: 60, expiresAt: null },
      });
      const { token: display, code } = created.json<{ data: DisplayLinkSaveResult }>().data as { token: string; code: string };
      await gateway.inject({ method: 'GET', url: `/wallboard/?display=${display}` });
      // A TV's short code, in the URL and traded for the token; the address copied again.
      await gateway.inject({ method: 'GET', url: `/wallboard/?code=${code}` });
      await gateway.inject({ method: 'POST', url: DisplayPaths.redeem, payload: { code } });
      await gateway.inject({ method: 'POST', url: DisplayPaths.reveal, headers: { authorization }, payload: { id: created.json<{ data: DisplayLinkSaveResult }>().data.link.id } });
      await gateway.inject({ method: 'POST', url: `${DevicePaths.storeStatus}?display=${display}`, headers: { authorization: `Bearer ${display}` }, payload: {} });
      // Refused (not an allowed path): the refusal is logged by no one with the token either.
      await gateway.inject({ method: 'POST', url: DisplayPaths.list, headers: { authorization: `Bearer ${display}` } });
      logger.info({ headers: { authorization, cookie: `Admin-Token=${token}` } }, 'headers logged by hand');
      logger.info({ req: { method: 'GET', url: `/?token=${token}`, headers: { authorization } } }, 'request logged by hand');

      const output = lines.join('');
      expect(output).toContain('token=***');
      expect(output).toContain('request completed');
      expect(output).not.toContain('incoming request');
      expect(output).toContain('display=***');
      expect(output).not.toContain(token);
      expect(output).not.toContain(display.slice(3));
      expect(output).toContain('code=***');
      expect(output).not.toContain(code);
      expect(output).not.toContain(phone);
    } finally {
      await gateway.close();
      await backend.close();
      await rm(consoleDist, { recursive: true, force: true });
    }
  });
});
