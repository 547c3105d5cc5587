import { CHINA_TIME_ZONE, RiskStatus } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { SqlParams } from '../db/sql-params.ts';
import { PhotoKind } from '../common/photo-kind.ts';
import { inScope, type Scope } from '../scope.ts';
import type { RiskPhoto } from './risk-photo-svg.ts';

/** The photo a token names, if its risk is in `scope`; null when there is none. */
export async function findRiskPhoto(db: Queryable, token: string, scope: Scope): Promise<RiskPhoto | null> {
  const params = new SqlParams();
  const [photo] = await db.query<RiskPhoto>(
    `select f.id, f.kind, s.name as "storeName", region.name as "regionName", issue.name as issue, r.location,
            to_char((case when f.kind = ${PhotoKind.after} and r.status = ${RiskStatus.rectified} then r.rectified_at else r.created_at end)
                    at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD HH24:MI') as "takenAt"
     from risk_photos f
     join risks r on r.id = f.risk_id
     join customers s on s.id = r.customer_id
     join service_regions region on region.id = r.region_id
     join risk_types issue on issue.id = r.issue_id
     where f.token = ${params.add(token)} and ${inScope(scope, 'r.customer_id', params)}`,
    params.values,
  );
  return photo ?? null;
}
