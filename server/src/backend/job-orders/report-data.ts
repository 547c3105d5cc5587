import { ReportTemplateType, RISK_STATUS_LABELS, SERVICE_TYPE_LABELS, type RiskStatus, type ServiceType } from '@pest/shared';
import type { Queryable } from '../db/db.ts';
import { baitLevel, DEVICE_CONDITION_LABELS, DeviceCondition, Metric } from '../common/check-vocabulary.ts';
import { sqlServiceTime } from '../common/service-time.ts';
import { storedImageBytes } from '../common/stored-image.ts';
import type { FileStore } from '../files/file-store.ts';
import { jobOrderAgents, jobOrderMaterials } from './material-queries.ts';
import type { DisinfectionDetails, ServiceReport } from './service-report-pdf.ts';

interface NamedReading {
  metric: Metric;
  pestName: string | null;
  value: number;
}

interface ReportCheck {
  pointCode: string;
  regionName: string;
  deviceTypeName: string;
  condition: DeviceCondition;
  readings: NamedReading[];
}

/**
 * What the service report of a finished job order shows, in the layout of its plan's report
 * template (the full pest report when it has none); null when there is no such job order or it is
 * still in progress. Not scope-checked: the caller holds a signed link to it.
 */
export async function loadServiceReport(db: Queryable, jobOrderId: number, uploads?: FileStore): Promise<ServiceReport | null> {
  const [job] = await db.query<Omit<ServiceReport, 'serviceType' | 'pests' | 'points' | 'risks' | 'materials' | 'signature' | 'disinfection'> & { type: ServiceType; signaturePath: string | null }>(
    `select (select name from providers order by id limit 1) as "providerName", j.code, j.name as "jobOrderName",
            o.name as "customerName", s.name as "storeName", coalesce(s.address, '') as address, j.type,
            j.staff_name as staff, ${sqlServiceTime('j.started_at')} as "startTime", ${sqlServiceTime('j.ended_at')} as "endTime",
            j.remark, j.signature_path as "signaturePath",
            coalesce(p.report_template_type, ${ReportTemplateType.pestFull})::int as "templateType"
     from job_orders j
     join customers s on s.id = j.customer_id
     join customers o on o.id = s.path[1]
     left join service_plans p on p.id = j.plan_id
     where j.id = $1 and j.ended_at is not null`,
    [jobOrderId],
  );
  if (!job) return null;

  const [checks, risks, materials, disinfection] = await Promise.all([
    db.query<ReportCheck>(
      `select pt.code as "pointCode", r.name as "regionName", t.name as "deviceTypeName", c.condition,
              coalesce((select json_agg(json_build_object('metric', v.metric, 'pestName', p.name, 'value', v.value) order by v.metric, v.pest_id)
                        from point_check_values v left join pests p on p.id = v.pest_id
                        where v.job_order_id = c.job_order_id and v.point_id = c.point_id), '[]') as readings
       from point_checks c
       join points pt on pt.id = c.point_id
       join service_regions r on r.id = pt.region_id
       join device_types t on t.id = pt.device_type_id
       where c.job_order_id = $1
       order by t.id, pt.code, pt.id`,
      [jobOrderId],
    ),
    db.query<{ regionName: string; riskType: string; issueDesc: string; advice: string; status: RiskStatus }>(
      `select r.name as "regionName", rt.name as "riskType", issue.name as "issueDesc", k.advice, k.status
       from risks k
       join service_regions r on r.id = k.region_id
       join risk_types rt on rt.id = k.risk_type_id
       join risk_types issue on issue.id = k.issue_id
       where k.job_order_id = $1
       order by k.id`,
      [jobOrderId],
    ),
    jobOrderMaterials(db, null, jobOrderId),
    // Only its layout shows these; the others' reports (and so their cached files' names) go without.
    job.templateType === ReportTemplateType.disinfection ? disinfectionDetails(db, jobOrderId) : undefined,
  ]);

  const { type, signaturePath, templateType, ...facts } = job;
  // The customer's signature drawn on the technician's phone; a report without it leaves the line to sign by hand.
  const signature = signaturePath && uploads ? await storedImageBytes(uploads, signaturePath) : null;
  return {
    ...facts,
    signature,
    serviceType: SERVICE_TYPE_LABELS[type],
    pests: pestsFound(checks),
    points: checks.map((check) => ({
      pointCode: check.pointCode,
      regionName: check.regionName,
      deviceTypeName: check.deviceTypeName,
      finding: finding(check),
      count: catches(check.readings).reduce((total, reading) => total + reading.value, 0),
    })),
    risks: risks.map((risk) => ({ ...risk, status: RISK_STATUS_LABELS[risk.status] })),
    materials,
    templateType,
    disinfection,
  };
}

/** Where a disinfection visit worked (the regions of its point checks and of its materials) and the agents it used. */
async function disinfectionDetails(db: Queryable, jobOrderId: number): Promise<DisinfectionDetails> {
  const [coverage, agents] = await Promise.all([
    db.query<{ region: string; areas: string[] }>(
      `with covered as (
         select pt.region_id from point_checks c join points pt on pt.id = c.point_id where c.job_order_id = $1
         union
         select u.region_id from job_order_materials u where u.job_order_id = $1
       )
       select coalesce(top.name, r.name) as region,
              array_agg(r.name order by r.level, r.id) as areas
       from covered
       join service_regions r on r.id = covered.region_id
       left join service_regions top on top.id = r.parent_id
       group by coalesce(top.id, r.id), coalesce(top.name, r.name)
       order by coalesce(top.id, r.id)`,
      [jobOrderId],
    ),
    jobOrderAgents(db, jobOrderId),
  ]);
  return { coverage, agents };
}

const catches = (readings: NamedReading[]) => readings.filter((reading) => reading.metric === Metric.catch);

/** Pests caught over the whole visit, most first: 德国小蠊 12只. */
function pestsFound(checks: ReportCheck[]): string[] {
  const totals = new Map<string, number>();
  for (const reading of checks.flatMap((check) => catches(check.readings))) {
    totals.set(reading.pestName!, (totals.get(reading.pestName!) ?? 0) + reading.value);
  }
  return [...totals].sort((a, b) => b[1] - a[1]).map(([name, total]) => `${name} ${total}只`);
}

/** A check in words: 捕获 褐家鼠 1、小家鼠 2；设备移位. */
function finding(check: ReportCheck): string {
  if (check.condition === DeviceCondition.missing) return `设备${DEVICE_CONDITION_LABELS[check.condition]}，未能检查`;
  const parts: string[] = [];
  const caught = catches(check.readings);
  if (caught.length) parts.push(`捕获 ${caught.map((reading) => `${reading.pestName} ${reading.value}`).join('、')}`);
  for (const reading of check.readings) {
    if (reading.metric === Metric.trigger) parts.push(`触发 ${reading.value} 次`);
    if (reading.metric === Metric.bait) parts.push(`饵料消耗${baitLevel(reading.value)}（${reading.value}%）`);
  }
  if (check.condition !== DeviceCondition.intact) parts.push(`设备${DEVICE_CONDITION_LABELS[check.condition]}`);
  return parts.length ? parts.join('；') : '无异常';
}
