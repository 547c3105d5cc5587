import { PointStatus, type FieldVisit } from '@pest/shared';
import type { VisitDraft } from '../store/draft.ts';

export interface VisitSummary {
  checked: number;
  total: number;
  /** The catch by pest, over the points checked. */
  pests: { id: number; name: string; count: number }[];
  risks: number;
  rectified: number;
  materials: number;
}

/** 服务小结: what the technician is about to hand over, as the finish screen shows it. */
export function visitSummary(visit: FieldVisit, draft: VisitDraft): VisitSummary {
  const pests = new Map<number, { id: number; name: string; count: number }>();
  for (const point of visit.points) {
    const check = draft.checks[point.id];
    if (!check || check.status === PointStatus.unchecked) continue;
    for (const pest of point.pests) {
      const entry = pests.get(pest.id) ?? { ...pest, count: 0 };
      entry.count += check.counts[pest.id] ?? 0;
      pests.set(pest.id, entry);
    }
  }
  return {
    checked: visit.points.filter((point) => draft.checks[point.id]).length,
    total: visit.points.length,
    pests: [...pests.values()],
    risks: draft.risks.length,
    rectified: draft.rectifications.length,
    materials: draft.materials.length,
  };
}
