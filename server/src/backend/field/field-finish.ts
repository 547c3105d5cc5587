import { FieldMessages, JobOrderState, PointStatus, RiskStatus, type FieldFinishBody, type FieldRisk, type FieldWriteAnswer } from '@pest/shared';
import { DeviceCondition } from '../common/check-vocabulary.ts';
import { PhotoKind } from '../common/photo-kind.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import { ownPhotoPaths } from './field-entries.ts';
import { CLOCK_SKEW_MS, cancelledAnswer, type LockedFieldVisit } from './field-visit-writes.ts';

/** The condition a point check keeps for what the technician found; a point not reached keeps no check. */
const CONDITION_OF_STATUS = `case e ->> 'status' when '${PointStatus.damaged}' then ${DeviceCondition.damaged} when '${PointStatus.missing}' then ${DeviceCondition.missing} else ${DeviceCondition.intact} end`;

/**
 * 完成服务: the visit is done at the moment the technician finished (never before it started, never
 * ahead of the server), with the customer's signature and the remark, and what the phone sent
 * becomes its service record in the same transaction: the points checked (those not reached left
 * out of the positive rates) with their counts, the risks raised with their photos, the earlier
 * risks put right, the materials used. The roll-ups follow by their triggers.
 */
export async function finishFieldVisit(tx: Queryable, visit: LockedFieldVisit, body: FieldFinishBody, userId: number, imageBase: string, now: Date): Promise<FieldWriteAnswer> {
  if (visit.state === JobOrderState.cancelled) throw new ApiError(409, cancelledAnswer(visit).notice!);
  if (visit.state === JobOrderState.done) throw new ApiError(409, FieldMessages.finished);
  if (visit.state !== JobOrderState.inProgress) throw new ApiError(409, FieldMessages.notStarted);
  const [signature] = ownPhotoPaths([body.signature], userId, imageBase);
  const at = new Date(body.at);
  if (at.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new ApiError(400, FieldMessages.finishInFuture);
  if (at.getTime() <= visit.startedAt.getTime()) throw new ApiError(400, FieldMessages.finishBeforeStart);
  const endedAt = new Date(Math.min(at.getTime(), now.getTime())).toISOString();

  // The visit first: the roll-ups of risks count the visits that are done.
  await tx.query(
    `update job_orders set state = '${JobOrderState.done}', ended_at = greatest($2::timestamptz, started_at + interval '1 second'),
       signature_path = $3, remark = $4, version = version + 1
     where id = $1`,
    [visit.id, endedAt, signature, body.remark?.trim() || null],
  );
  await tx.query(
    `insert into point_checks (job_order_id, point_id, condition)
     select c.job_order_id, c.point_id, ${CONDITION_OF_STATUS.replaceAll('e ->>', 'c.entry ->>')}
     from field_checks c where c.job_order_id = $1 and c.entry ->> 'status' <> '${PointStatus.unchecked}'
     order by c.point_id`,
    [visit.id],
  );
  await tx.query(
    `insert into point_check_values (job_order_id, point_id, metric, pest_id, value)
     select c.job_order_id, c.point_id, 'catch', (n ->> 'pestId')::int, (n ->> 'count')::int
     from field_checks c cross join jsonb_array_elements(c.entry -> 'counts') n
     where c.job_order_id = $1 and c.entry ->> 'status' <> '${PointStatus.unchecked}' and (n ->> 'count')::int > 0
     order by c.point_id, (n ->> 'pestId')::int`,
    [visit.id],
  );
  await writeRisks(tx, visit);
  await writeRectifications(tx, visit);
  await tx.query(
    `insert into job_order_materials (job_order_id, material_id, region_id, lot_no, quantity)
     select m.job_order_id, (e ->> 'materialId')::int, (e ->> 'regionId')::int,
            string_agg(distinct e ->> 'lotNo', '、' order by e ->> 'lotNo'), sum((e ->> 'quantity')::numeric)
     from field_materials m cross join jsonb_array_elements(m.entries) e
     where m.job_order_id = $1
     group by m.job_order_id, (e ->> 'materialId')::int, (e ->> 'regionId')::int`,
    [visit.id],
  );
  return { state: JobOrderState.done, notice: null };
}

/** The risks the phone raised, at the visit's end, open, with their photos (objects of our store). */
async function writeRisks(tx: Queryable, visit: LockedFieldVisit): Promise<void> {
  const entries = await tx.query<{ entry: FieldRisk }>('select entry from field_risks where job_order_id = $1 order by key', [visit.id]);
  const raised: { id: number; photos: string[] }[] = [];
  for (const { entry } of entries) {
    const [risk] = (await tx.query<{ id: number }>(
      `insert into risks (customer_id, job_order_id, region_id, risk_type_id, issue_id, grade, advice, follow_up_type, follow_up_measure, location, status, created_at)
       select j.customer_id, j.id, $2, $3, $4, $5, $6, $7, $6, $8, ${RiskStatus.exists}, j.ended_at from job_orders j where j.id = $1
       returning id`,
      [visit.id, entry.regionId, entry.riskTypeId, entry.issueId, entry.grade, entry.advice, entry.followUpType, entry.location],
    )) as [{ id: number }];
    raised.push({ id: risk.id, photos: entry.photos ?? [] });
  }
  await addPhotos(tx, raised, PhotoKind.before);
}

/** Earlier risks of the store put right on this visit, at its end, with the photos after. */
async function writeRectifications(tx: Queryable, visit: LockedFieldVisit): Promise<void> {
  const rectified = await tx.query<{ id: number; photos: string[] }>(
    `update risks r set status = ${RiskStatus.rectified}, rectified_at = greatest(j.ended_at, r.created_at + interval '1 second')
     from field_rectifications f, job_orders j
     where f.job_order_id = $1 and j.id = f.job_order_id and r.id = f.risk_id and r.status in (${RiskStatus.exists}, ${RiskStatus.cannotHandleNow})
     returning r.id, array(select jsonb_array_elements_text(f.entry -> 'photos')) as photos`,
    [visit.id],
  );
  await addPhotos(tx, rectified, PhotoKind.after);
}

/** Photo rows for stored images; ids as the generator numbers them (after the largest), so the table is locked for the moment it takes. */
async function addPhotos(tx: Queryable, risks: readonly { id: number; photos: string[] }[], kind: PhotoKind): Promise<void> {
  const rows = risks.flatMap((risk) => risk.photos.map((path, index) => ({ riskId: risk.id, position: index + 1, path })));
  if (rows.length === 0) return;
  await tx.exec('lock table risk_photos in share row exclusive mode');
  await tx.query(
    `insert into risk_photos (id, risk_id, kind, position, token, image_path)
     select (select coalesce(max(id), 0) from risk_photos) + row_number() over (order by p.risk_id, p.position),
            p.risk_id, $2, p.position, replace(gen_random_uuid()::text, '-', ''), p.path
     from jsonb_to_recordset($1::jsonb) as p(risk_id int, position int, path text)
     on conflict (risk_id, kind, position) do nothing`,
    [JSON.stringify(rows.map((row) => ({ risk_id: row.riskId, position: row.position, path: row.path }))), kind],
  );
}
