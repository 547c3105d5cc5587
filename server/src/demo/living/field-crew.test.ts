import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { AuditAction, JobOrderState, OSS_PUBLIC_PATH } from '@pest/shared';
import { TEST_DEMO_ANCHOR, testDriver } from '../../backend/db/testing.ts';
import { fieldDoors } from '../../backend/field/field-doors.ts';
import { diskFileStore } from '../../backend/files/disk-file-store.ts';
import { createTestBackend, type TestBackend } from '../../backend/testing.ts';
import { DEMO_CREW } from '../seed/users.ts';
import { fieldCrew, type FieldCrew } from './field-crew.ts';

const DAY_MS = 86_400_000;

/** The technician the demo plays records his store's visits through the field app's writes, as a phone would. */
describe(`the demo's field crew on ${testDriver}`, () => {
  let backend: TestBackend;
  let dir: string;
  let crew: FieldCrew;
  let finishedVisits: number;

  beforeAll(async () => {
    backend = await createTestBackend();
    dir = await mkdtemp(path.join(tmpdir(), 'field-crew-'));
    finishedVisits = 0;
    const silent = pino({ level: 'silent' });
    const doors = fieldDoors({ db: backend.db, imageBase: OSS_PUBLIC_PATH, handleAlarms: async () => 0, onVisitFinished: () => (finishedVisits += 1), logger: silent });
    crew = fieldCrew(backend.db, doors, diskFileStore(dir), silent);
  });
  afterAll(async () => {
    await backend?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("takes his store's booked visits, and starts, records and finishes those due, once", async () => {
    // The week the plans booked ahead of the history's end, four days in.
    const now = new Date(TEST_DEMO_ANCHOR.getTime() + 4 * DAY_MS);
    const first = await crew.work(now);
    expect(first.finished).toBeGreaterThan(0);
    expect(finishedVisits).toBe(first.finished);

    const visits = await backend.db.query<{ id: number; state: string; checks: number; signature: string | null }>(
      `select j.id, j.state, (select count(*)::int from point_checks c where c.job_order_id = j.id) as checks, j.signature_path as signature
       from job_orders j where j.technician_id = $1 and j.started_at <= $2 order by j.id`,
      [DEMO_CREW.id, now.toISOString()],
    );
    const done = visits.filter((visit) => visit.state === JobOrderState.done);
    expect(done).toHaveLength(first.finished);
    for (const visit of done) {
      expect(visit.checks).toBeGreaterThan(0);
      expect(visit.signature).toMatch(new RegExp(`^${OSS_PUBLIC_PATH}/uploads/u${DEMO_CREW.id}/`));
    }
    const audited = await backend.db.query<{ action: string }>(
      `select distinct action from audit_log where actor_id = $1 and object_type = 'visit' order by action`,
      [DEMO_CREW.id],
    );
    expect(audited.map((entry) => entry.action)).toEqual([AuditAction.finish, AuditAction.start, AuditAction.update].sort());

    // Again at the same moment: nothing more to do, nothing written twice.
    const checks = await backend.db.query<{ n: number }>('select count(*)::int as n from point_checks');
    expect(await crew.work(now)).toEqual({ started: 0, finished: 0 });
    expect(await backend.db.query<{ n: number }>('select count(*)::int as n from point_checks')).toEqual(checks);
  });
});
