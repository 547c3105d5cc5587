import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditPackPaths, type AuditPacksChange, type AuditPackStatus } from '@pest/shared';
import { createManualClock } from '../../clock/manual-clock.ts';
import { loadConfig } from '../../config.ts';
import { createGateway } from '../create-gateway.ts';
import { connected, connectLive, eventually, type TestLiveClient } from './testing/live-client.ts';
import { testDriver } from '../../backend/db/testing.ts';
import { createTestBackend, signIn, type TestBackend } from '../../backend/testing.ts';

const POLL_MS = 3_000;

/** The console that asked for a pack watches it over /live: progress, then done with its link; another user sees none of it. */
describe(`audit pack progress over /live on ${testDriver}`, () => {
  const clock = createManualClock();
  let backend: TestBackend;
  let gateway: FastifyInstance;
  let url: string;
  let dir: string;
  const clients: TestLiveClient[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pest-audit-pack-live-'));
    backend = await createTestBackend({ env: { AUDIT_PACK_DIR: dir } });
    const upstreamUrl = await backend.app.listen({ host: '127.0.0.1', port: 0 });
    gateway = await createGateway({
      upstreamUrl,
      consoleDist: '/nonexistent',
      logger: pino({ level: 'silent' }),
      config: loadConfig({ LIVE_POLL_MS: String(POLL_MS) }),
      liveTiming: { clock },
    });
    url = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await gateway?.close();
    await backend?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const watch = async (account: string) => {
    const headers = await signIn(backend.app, account);
    const client = connectLive(url, headers.authorization.slice('Bearer '.length));
    clients.push(client);
    await connected(client);
    expect(await client.subscribe('auditPacks', {})).toMatchObject({ ok: true });
    return { headers, client };
  };
  const latest = (client: TestLiveClient, id: number) =>
    client.updates
      .flatMap((update) => (update.data as AuditPacksChange).packs)
      .filter((pack: AuditPackStatus) => pack.id === id)
      .at(-1);

  it("pushes the requester's pack until it is done with its download link, and only to the requester", async () => {
    const manager = await watch('13800000001');
    const other = await watch('admin');
    const [store] = await backend.db.query<{ id: number }>('select id from customers where kind = 3 and path[1] = 1 order by id limit 1');
    const created = await backend.app.inject({
      method: 'POST',
      url: AuditPackPaths.create,
      headers: manager.headers,
      payload: { customerIds: [store!.id], startDate: '2026-07-01', endDate: '2026-07-31', sections: ['materials'] },
    });
    const { id } = created.json<{ data: AuditPackStatus }>().data;
    // The pack builds in real time; the hub polls on the manual clock, a poll per step.
    let done: AuditPackStatus | undefined;
    for (let poll = 0; poll < 60 && !done; poll++) {
      await clock.advance(POLL_MS);
      done = await eventually(() => (latest(manager.client, id)?.state === 'done' ? latest(manager.client, id) : undefined), 500, 'the finished pack').catch(
        () => undefined,
      );
    }
    expect(done, 'the finished pack pushed').toBeDefined();
    expect(manager.client.updates.length).toBeGreaterThan(1);
    expect(done!.downloadUrl).toMatch(new RegExp(`^${AuditPackPaths.file}/${id}\\.zip\\?`));
    expect(done!.done).toBe(done!.total);
    expect(latest(other.client, id)).toBeUndefined();
  });
});
