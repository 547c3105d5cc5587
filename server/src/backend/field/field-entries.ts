import {
  FieldMessages,
  JobOrderState,
  OSS_PUBLIC_PATH,
  PointStatus,
  RiskStatus,
  type FieldCheck,
  type FieldSyncBody,
  type FieldWriteAnswer,
} from '@pest/shared';
import { sqlMaterialUsable } from '../common/material-usable.ts';
import { storedImagePath } from '../common/our-image.ts';
import { isUploadOf } from '../common/upload-owner.ts';
import type { Queryable } from '../db/db.ts';
import { ApiError } from '../envelope.ts';
import { cancelledAnswer, type LockedFieldVisit } from './field-visit-writes.ts';

/**
 * SQL condition: pest `pest` is counted at point `point` of plan `plan` (aliases): one its device
 * type catches that the plan covers, or any it catches when the plan covers none of them.
 */
export const sqlPestCountedAt = (pest: string, point: string, plan: string): string =>
  `(${pest} in (select m.pest_id from device_type_metrics m where m.device_type_id = ${point}.device_type_id and m.metric = 'catch')
    and (${pest} = any(${plan}.pest_ids) or not exists (
      select 1 from device_type_metrics m where m.device_type_id = ${point}.device_type_id and m.metric = 'catch' and m.pest_id = any(${plan}.pest_ids))))`;

/** Photos and signatures the caller uploaded through the upload flow, kept as paths (the signed link's query dropped). */
export function ownPhotoPaths(urls: readonly string[], userId: number, imageBase: string): string[] {
  return urls.map((url) => {
    const path = storedImagePath(url);
    if (!isUploadOf(path, imageBase, userId) && !isUploadOf(path, OSS_PUBLIC_PATH, userId)) throw new ApiError(400, FieldMessages.photoNotOurs);
    return path;
  });
}

/**
 * Keeps what a sync carries of a started visit: each check replaces what the phone sent before for
 * its point; risks, rectifications and materials, when sent, are the phone's whole lists. A
 * visit cancelled meanwhile keeps what arrives, for staff to see, and says so.
 */
export async function syncFieldEntries(tx: Queryable, visit: LockedFieldVisit, body: FieldSyncBody, userId: number, imageBase: string, now: Date): Promise<FieldWriteAnswer> {
  if (visit.state === JobOrderState.done) throw new ApiError(409, FieldMessages.finished);
  if (visit.state !== JobOrderState.inProgress && visit.state !== JobOrderState.cancelled) throw new ApiError(409, FieldMessages.notStarted);
  const checks = await checkedEntries(tx, visit, body.checks, userId, imageBase);
  const risks = await checkedRisks(tx, visit, body, userId, imageBase);
  const rectifications = await checkedRectifications(tx, visit, body, userId, imageBase);
  await checkMaterials(tx, visit, body);

  const at = now.toISOString();
  if (checks.length > 0) {
    await tx.query(
      `insert into field_checks (job_order_id, point_id, entry, updated_at)
       select $1, (e ->> 'pointId')::int, e, $3 from jsonb_array_elements($2::jsonb) e
       on conflict (job_order_id, point_id) do update set entry = excluded.entry, updated_at = excluded.updated_at`,
      [visit.id, JSON.stringify(checks), at],
    );
  }
  // Risks and rectifications, when sent, are the phone's whole lists: one deleted on the phone goes here too.
  if (body.risks) await tx.query('delete from field_risks where job_order_id = $1 and not (key = any($2::text[]))', [visit.id, risks.map((risk) => risk.key)]);
  if (body.rectifications) {
    await tx.query('delete from field_rectifications where job_order_id = $1 and not (risk_id = any($2::int[]))', [visit.id, rectifications.map((entry) => entry.riskId)]);
  }
  if (risks.length > 0) {
    await tx.query(
      `insert into field_risks (job_order_id, key, entry, updated_at)
       select $1, e ->> 'key', e, $3 from jsonb_array_elements($2::jsonb) e
       on conflict (job_order_id, key) do update set entry = excluded.entry, updated_at = excluded.updated_at`,
      [visit.id, JSON.stringify(risks), at],
    );
  }
  if (rectifications.length > 0) {
    await tx.query(
      `insert into field_rectifications (job_order_id, risk_id, entry, updated_at)
       select $1, (e ->> 'riskId')::int, e, $3 from jsonb_array_elements($2::jsonb) e
       on conflict (job_order_id, risk_id) do update set entry = excluded.entry, updated_at = excluded.updated_at`,
      [visit.id, JSON.stringify(rectifications), at],
    );
  }
  if (body.materials) {
    await tx.query(
      `insert into field_materials (job_order_id, entries, updated_at) values ($1, $2::jsonb, $3)
       on conflict (job_order_id) do update set entries = excluded.entries, updated_at = excluded.updated_at`,
      [visit.id, JSON.stringify(body.materials), at],
    );
  }
  return visit.state === JobOrderState.cancelled ? cancelledAnswer(visit) : { state: visit.state, notice: null };
}

/** The checks of points of the visit's plan, each counting only the pests counted there; photos as kept paths. */
async function checkedEntries(tx: Queryable, visit: LockedFieldVisit, checks: readonly FieldCheck[], userId: number, imageBase: string): Promise<FieldCheck[]> {
  if (checks.length === 0) return [];
  const pointIds = checks.map((check) => check.pointId);
  if (new Set(pointIds).size !== pointIds.length) throw new ApiError(400, FieldMessages.duplicatePoint);
  const points = await tx.query<{ id: number; pests: number[] }>(
    `select pt.id, array(select x.id from pests x where ${sqlPestCountedAt('x.id', 'pt', 'p')}) as pests
     from points pt join service_plans p on p.id = pt.plan_id
     where pt.plan_id = $1 and pt.id = any($2::int[])`,
    [visit.planId, pointIds],
  );
  const pestsOf = new Map(points.map((point) => [point.id, new Set(point.pests)]));
  return checks.map((check) => {
    const pests = pestsOf.get(check.pointId);
    if (!pests) throw new ApiError(400, FieldMessages.pointNotOfVisit);
    const counts = check.counts.filter((count) => count.count > 0);
    if (check.status === PointStatus.unchecked && counts.length > 0) throw new ApiError(400, FieldMessages.countsWhenUnchecked);
    if (counts.some((count) => !pests.has(count.pestId))) throw new ApiError(400, FieldMessages.pestNotOfPoint);
    if (new Set(counts.map((count) => count.pestId)).size !== counts.length) throw new ApiError(400, FieldMessages.pestNotOfPoint);
    return {
      pointId: check.pointId,
      status: check.status,
      counts,
      photos: ownPhotoPaths(check.photos ?? [], userId, imageBase),
      ...(check.note?.trim() ? { note: check.note.trim() } : {}),
    };
  });
}

/** Regions of the visit's plan among `ids`, or a refusal. */
async function checkRegions(tx: Queryable, visit: LockedFieldVisit, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const [{ n }] = (await tx.query<{ n: number }>('select count(*)::int as n from service_regions where plan_id = $1 and id = any($2::int[])', [visit.planId, unique])) as [{ n: number }];
  if (n !== unique.length) throw new ApiError(400, FieldMessages.regionNotOfPlan);
}

/** New risks: a region of the plan, a type of the plan's risk group and an issue under it. */
async function checkedRisks(tx: Queryable, visit: LockedFieldVisit, body: FieldSyncBody, userId: number, imageBase: string): Promise<NonNullable<FieldSyncBody['risks']>> {
  const risks = body.risks ?? [];
  if (risks.length === 0) return [];
  await checkRegions(tx, visit, risks.map((risk) => risk.regionId));
  const pairs = await tx.query<{ typeId: number; issueId: number }>(
    `select t.id as "typeId", i.id as "issueId" from risk_types t join risk_types i on i.parent_id = t.id
     where t.risk_group_id = (select risk_group_id from service_plans where id = $1) and t.parent_id is null and i.id = any($2::int[])`,
    [visit.planId, risks.map((risk) => risk.issueId)],
  );
  const typeOfIssue = new Map(pairs.map((pair) => [pair.issueId, pair.typeId]));
  return risks.map((risk) => {
    if (typeOfIssue.get(risk.issueId) !== risk.riskTypeId) throw new ApiError(400, FieldMessages.riskTypeUnknown);
    return { ...risk, location: risk.location.trim(), advice: risk.advice.trim(), photos: ownPhotoPaths(risk.photos ?? [], userId, imageBase) };
  });
}

/** Rectifications of the store's risks still open (or put right by this very visit, sent again). */
async function checkedRectifications(tx: Queryable, visit: LockedFieldVisit, body: FieldSyncBody, userId: number, imageBase: string): Promise<NonNullable<FieldSyncBody['rectifications']>> {
  const rectifications = body.rectifications ?? [];
  if (rectifications.length === 0) return [];
  const ids = [...new Set(rectifications.map((entry) => entry.riskId))];
  const [{ n }] = (await tx.query<{ n: number }>(
    `select count(*)::int as n from risks where id = any($1::int[]) and customer_id = $2 and job_order_id <> $3
       and status in (${RiskStatus.exists}, ${RiskStatus.cannotHandleNow})`,
    [ids, visit.customerId, visit.id],
  )) as [{ n: number }];
  if (n !== ids.length || ids.length !== rectifications.length) throw new ApiError(400, FieldMessages.riskNotOfStore);
  return rectifications.map((entry) => ({
    riskId: entry.riskId,
    photos: ownPhotoPaths(entry.photos, userId, imageBase),
    ...(entry.note?.trim() ? { note: entry.note.trim() } : {}),
  }));
}

/** Materials of the catalogue, used in regions of the plan. */
async function checkMaterials(tx: Queryable, visit: LockedFieldVisit, body: FieldSyncBody): Promise<void> {
  const materials = body.materials ?? [];
  if (materials.length === 0) return;
  await checkRegions(tx, visit, materials.map((material) => material.regionId));
  const ids = [...new Set(materials.map((material) => material.materialId))];
  // One already on the server for this visit stays allowed: the phone resends its whole list.
  const [{ n }] = (await tx.query<{ n: number }>(
    `select count(*)::int as n from materials m
     where m.id = any($1::int[])
       and (${sqlMaterialUsable('m')} or exists (select 1 from field_materials f, jsonb_array_elements(f.entries) e where f.job_order_id = $2 and (e ->> 'materialId')::int = m.id))`,
    [ids, visit.id],
  )) as [{ n: number }];
  if (n !== ids.length) throw new ApiError(400, FieldMessages.materialUnknown);
}
