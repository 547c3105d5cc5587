import { CHINA_TIME_ZONE, JobOrderState, ServiceType } from '@pest/shared';
import { newPdf, pdfFacts, pdfPageNumbers, pdfSection, pdfTable, pdfText, pdfTitle } from '../../common/pdf-document.ts';
import type { Queryable } from '../../db/db.ts';
import type { PackEntry } from '../pack-entry.ts';
import type { PackPeriod } from '../pack-period.ts';
import type { PackStore } from '../pack-stores.ts';

const REGION_TYPE_LABELS: Record<string, string> = { kitchen: '后厨/加工', storage: '仓储', outside: '外围', front: '前场/办公' };

interface PlanFacts {
  id: number;
  name: string;
  startDate: string;
  endDate: string;
  riskGroup: string;
  /** Routine visits done in the period, and the months they fall in. */
  routineVisits: number;
  months: number;
}

/** The store's plans running in the period, with how often they were serviced. */
async function planFacts(db: Queryable, storeId: number, period: PackPeriod): Promise<PlanFacts[]> {
  return db.query<PlanFacts>(
    `select p.id, p.name, to_char(p.start_date, 'YYYY-MM-DD') as "startDate", to_char(p.end_date, 'YYYY-MM-DD') as "endDate", g.name as "riskGroup",
            (select count(*) from job_orders j where j.plan_id = p.id and j.type = ${ServiceType.routine} and j.state = '${JobOrderState.done}'
               and (j.started_at at time zone '${CHINA_TIME_ZONE}')::date between $2::date and $3::date)::int as "routineVisits",
            (select count(distinct date_trunc('month', j.started_at at time zone '${CHINA_TIME_ZONE}')) from job_orders j
             where j.plan_id = p.id and j.type = ${ServiceType.routine} and j.state = '${JobOrderState.done}'
               and (j.started_at at time zone '${CHINA_TIME_ZONE}')::date between $2::date and $3::date)::int as months
     from service_plans p join risk_groups g on g.id = p.risk_group_id
     where p.customer_id = $1 and p.start_date <= $3::date and p.end_date >= $2::date
     order by p.id`,
    [storeId, period.startDate, period.endDate],
  );
}

/** 01-虫害管理方案.pdf: each plan with its frequency, regions, stations by device type and action thresholds. */
export function planEntry(db: Queryable, store: PackStore, period: PackPeriod, name: string): PackEntry {
  return {
    section: 'plan',
    name,
    open: async () => {
      const plans = await planFacts(db, store.id, period);
      const doc = newPdf({ title: `${store.name} 虫害管理方案`, author: store.organisationName, subject: `${period.startDate} 至 ${period.endDate}` });
      pdfTitle(doc, '虫害管理方案', `${store.name}  ·  ${period.startDate} 至 ${period.endDate}`);
      if (plans.length === 0) pdfText(doc, '此期间门店没有生效的服务方案。');
      for (const plan of plans) {
        const [regions, stations, thresholds] = await Promise.all([
          db.query<{ top: string; regionType: string; subAreas: string }>(
            `select r.name as top, r.region_type as "regionType",
                    coalesce((select string_agg(c.name, '、' order by c.id) from service_regions c where c.parent_id = r.id), '') as "subAreas"
             from service_regions r where r.plan_id = $1 and r.level = 1 order by r.id`,
            [plan.id],
          ),
          db.query<{ deviceType: string; region: string; count: number; codes: string }>(
            `select t.name as "deviceType", coalesce(top.name || ' > ', '') || r.name as region, count(*)::int as count,
                    string_agg(pt.code, '、' order by pt.code) as codes
             from points pt join device_types t on t.id = pt.device_type_id join service_regions r on r.id = pt.region_id
             left join service_regions top on top.id = r.parent_id
             where pt.plan_id = $1 group by t.id, t.name, top.id, top.name, r.id, r.name order by t.id, coalesce(top.id, r.id), r.id`,
            [plan.id],
          ),
          db.query<{ pest: string; kitchen: number; storage: number; outside: number; front: number }>(
            `select p.name as pest,
                    max(t.max_per_visit) filter (where t.region_type = 'kitchen') as kitchen,
                    max(t.max_per_visit) filter (where t.region_type = 'storage') as storage,
                    max(t.max_per_visit) filter (where t.region_type = 'outside') as outside,
                    max(t.max_per_visit) filter (where t.region_type = 'front') as front
             from plan_thresholds t join pests p on p.id = t.pest_id where t.plan_id = $1 group by p.id, p.name order by p.id`,
            [plan.id],
          ),
        ]);
        pdfSection(doc, plan.name);
        pdfFacts(doc, [
          ['服务期限', `${plan.startDate} 至 ${plan.endDate}`],
          ['风险类别', plan.riskGroup],
          ['服务频次', plan.months ? `本期常规服务 ${plan.routineVisits} 次，约每月 ${(plan.routineVisits / plan.months).toFixed(1)} 次` : '本期无常规服务'],
        ]);
        pdfText(doc, '服务区域');
        pdfTable(
          doc,
          [
            { title: '区域', width: 90 },
            { title: '类别', width: 80 },
            { title: '子区域', width: 329 },
          ],
          regions.map((region) => [region.top, REGION_TYPE_LABELS[region.regionType] ?? region.regionType, region.subAreas || '—']),
        );
        pdfText(doc, `监测点位（共 ${stations.reduce((sum, station) => sum + station.count, 0)} 个）`);
        pdfTable(
          doc,
          [
            { title: '设备类型', width: 90 },
            { title: '区域', width: 120 },
            { title: '数量', width: 40 },
            { title: '点位编号', width: 249 },
          ],
          stations.map((station) => [station.deviceType, station.region, String(station.count), station.codes]),
        );
        pdfText(doc, '行动阈值（每次服务发现数量超过该值即为超标，需采取纠正措施）');
        pdfTable(
          doc,
          [
            { title: '虫害', width: 99 },
            { title: '后厨/加工', width: 100 },
            { title: '仓储', width: 100 },
            { title: '外围', width: 100 },
            { title: '前场/办公', width: 100 },
          ],
          thresholds.map((row) => [row.pest, String(row.kitchen), String(row.storage), String(row.outside), String(row.front)]),
        );
      }
      pdfPageNumbers(doc, `${store.name} · 虫害管理方案`);
      doc.end();
      return doc;
    },
  };
}
