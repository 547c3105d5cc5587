import {
  FLOOR_PLAN_CANVAS,
  guessedRegionType,
  pointProblem,
  servicePlanProblem,
  serviceRegionProblem,
  type PointDetail,
  type PointSaveBody,
  type ServicePlanDetail,
  type ServicePlanSaveBody,
  type ServiceRegionNode,
  type ServiceRegionSaveBody,
  type ServiceRegionType,
} from '@pest/shared';
import { editedIdentity } from '../../api/editedRecord.ts';

/** A form's save body, or the first problem in the server's own words. */
export type Checked<B> = { ok: true; body: B } | { ok: false; problem: string };
const checked = <B>(body: B, problem: string | null): Checked<B> => (problem ? { ok: false, problem } : { ok: true, body });

export interface PlanValues {
  name: string;
  /** China days, start and end. */
  period: [string, string] | [];
  visitsPerMonth: number;
  pestIds: number[];
}

export const newPlanValues = (today: string): PlanValues => ({ name: '', period: [today, `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`], visitsPerMonth: 2, pestIds: [] });
export const planValuesOf = (plan: ServicePlanDetail): PlanValues => ({ name: plan.name, period: [plan.startDate, plan.endDate], visitsPerMonth: plan.visitsPerMonth, pestIds: plan.pestIds });

export function planBody(customerId: number, values: PlanValues, editing?: ServicePlanDetail): Checked<ServicePlanSaveBody> {
  if (values.period.length !== 2) return { ok: false, problem: '请选择服务期' };
  const body: ServicePlanSaveBody = {
    ...editedIdentity(editing),
    customerId,
    name: values.name.trim(),
    startDate: values.period[0],
    endDate: values.period[1],
    visitsPerMonth: values.visitsPerMonth,
    pestIds: values.pestIds,
    ...(editing ? { riskGroupId: editing.riskGroupId } : {}),
  };
  return checked(body, servicePlanProblem(body));
}

export interface RegionValues {
  name: string;
  regionType: ServiceRegionType;
}

/** Where a region is edited: a new one under a parent (null: at the top), or one that exists. */
export type RegionTarget = { parentId: number | null } | { region: ServiceRegionNode; parentId: number | null; version?: number };

export function regionBody(planId: number, target: RegionTarget, values: RegionValues): Checked<ServiceRegionSaveBody> {
  const editing = 'region' in target ? target.region : undefined;
  const body: ServiceRegionSaveBody = {
    ...(editing ? { id: editing.id } : {}),
    planId,
    parentId: target.parentId,
    name: values.name.trim(),
    // Below the top a region has its top's type: only a top region says one.
    ...(target.parentId === null ? { regionType: values.regionType } : {}),
  };
  return checked(body, serviceRegionProblem(body));
}

export const newRegionValues = (): RegionValues => ({ name: '', regionType: guessedRegionType('') });

export interface PointValues {
  code: string;
  regionId?: number;
  deviceTypeId?: number;
  x: number;
  y: number;
}

/** A new point starts in the middle of the floor plan, to be dragged where it is. */
export const newPointValues = (): PointValues => ({ code: '', x: Math.round(FLOOR_PLAN_CANVAS.width / 2), y: Math.round(FLOOR_PLAN_CANVAS.height / 2) });
export const pointValuesOf = (point: PointDetail): PointValues => ({ code: point.code, regionId: point.regionId, deviceTypeId: point.deviceTypeId, x: point.x, y: point.y });

export function pointBody(planId: number, values: PointValues, editing?: Pick<PointDetail, 'id' | 'version'>): Checked<PointSaveBody> {
  if (values.regionId === undefined) return { ok: false, problem: '请选择服务区域' };
  if (values.deviceTypeId === undefined) return { ok: false, problem: '请选择设备类型' };
  const body: PointSaveBody = { ...editedIdentity(editing), planId, regionId: values.regionId, deviceTypeId: values.deviceTypeId, code: values.code.trim(), x: values.x, y: values.y };
  return checked(body, pointProblem(body));
}

/** A point let go at (x, y) of the canvas: kept on the floor plan, in whole pixels. */
export function droppedAt(x: number, y: number): { x: number; y: number } {
  const clamp = (value: number, max: number) => Math.min(max, Math.max(0, Math.round(value)));
  return { x: clamp(x, FLOOR_PLAN_CANVAS.width), y: clamp(y, FLOOR_PLAN_CANVAS.height) };
}

/** Every region with its path (后厨 / 洗碗间), depth first, for a picker. */
export function regionOptions(tree: readonly ServiceRegionNode[], above: string[] = []): { value: number; label: string }[] {
  return tree.flatMap((region) => [{ value: region.id, label: [...above, region.name].join(' / ') }, ...regionOptions(region.subList ?? [], [...above, region.name])]);
}
