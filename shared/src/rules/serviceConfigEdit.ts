import {
  FLOOR_PLAN_CANVAS,
  ServiceConfigLimits,
  type PointSaveBody,
  type ServicePlanSaveBody,
  type ServiceRegionSaveBody,
} from '../contract/service-config.ts';

const blank = (label: string) => `${label}不能为空`;
const tooLong = (label: string, max: number) => `${label}不能超过${max}个字符`;

function textProblem(value: string, label: string, max: number): string | null {
  const text = value.trim();
  if (text === '') return blank(label);
  if (text.length > max) return tooLong(label, max);
  return null;
}

/** The first problem of a plan's fields (trimmed), or null: the console's form and the server use it alike. */
export function servicePlanProblem(body: Pick<ServicePlanSaveBody, 'name' | 'startDate' | 'endDate' | 'visitsPerMonth'>): string | null {
  const name = textProblem(body.name, '计划名称', ServiceConfigLimits.planName);
  if (name) return name;
  if (body.endDate < body.startDate) return '结束日期不能早于开始日期';
  if (!Number.isInteger(body.visitsPerMonth) || body.visitsPerMonth < 1 || body.visitsPerMonth > 31) return '每月服务次数须在1到31之间';
  return null;
}

export function serviceRegionProblem(body: Pick<ServiceRegionSaveBody, 'name'>): string | null {
  return textProblem(body.name, '区域名称', ServiceConfigLimits.regionName);
}

export function pointProblem(body: Pick<PointSaveBody, 'code' | 'x' | 'y'>): string | null {
  const code = textProblem(body.code, '点位编码', ServiceConfigLimits.pointCode);
  if (code) return code;
  if (body.x < 0 || body.y < 0 || body.x > FLOOR_PLAN_CANVAS.width || body.y > FLOOR_PLAN_CANVAS.height) {
    return `点位坐标须在平面图内（0–${FLOOR_PLAN_CANVAS.width}, 0–${FLOOR_PLAN_CANVAS.height}）`;
  }
  return null;
}
