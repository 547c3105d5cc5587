import { AUDIT_PACK_SECTION_FILES, CHINA_TIME_ZONE, JobOrderState, RiskStatus, type AuditPackSection } from '@pest/shared';
import { newPdf, pdfFacts, pdfPageNumbers, pdfSection, pdfTable, pdfText, pdfTitle } from '../../common/pdf-document.ts';
import type { Queryable } from '../../db/db.ts';
import type { PackEntry } from '../pack-entry.ts';
import type { PackPeriod } from '../pack-period.ts';
import type { PackStore } from '../pack-stores.ts';

/** A file already in the pack, by its path inside the store's part. */
export interface PackContent {
  section: AuditPackSection;
  name: string;
}

/** The period's headline figures, each counted from the raw rows. */
export interface CoverFigures {
  visits: number;
  pointChecks: number;
  catches: number;
  risksRaised: number;
  risksRectified: number;
  risksOpen: number;
  materialLines: number;
}

const inPeriod = (column: string) => `(${column} at time zone '${CHINA_TIME_ZONE}')::date between $2::date and $3::date`;

export async function coverFigures(db: Queryable, storeId: number, period: PackPeriod): Promise<CoverFigures> {
  const [figures] = await db.query<CoverFigures>(
    `with visits as (
       select id from job_orders j where j.customer_id = $1 and j.state = '${JobOrderState.done}' and ${inPeriod('j.started_at')}
     )
     select (select count(*) from visits)::int as visits,
            (select count(*) from point_checks c where c.job_order_id in (select id from visits))::int as "pointChecks",
            (select coalesce(sum(v.value), 0) from point_check_values v where v.job_order_id in (select id from visits) and v.metric = 'catch')::int as catches,
            (select count(*) from risks r where r.customer_id = $1 and ${inPeriod('r.created_at')})::int as "risksRaised",
            (select count(*) from risks r where r.customer_id = $1 and ${inPeriod('r.created_at')} and r.status = ${RiskStatus.rectified})::int as "risksRectified",
            (select count(*) from risks r where r.customer_id = $1 and ${inPeriod('r.created_at')} and r.status <> ${RiskStatus.rectified})::int as "risksOpen",
            (select count(*) from job_order_materials u where u.job_order_id in (select id from visits))::int as "materialLines"`,
    [storeId, period.startDate, period.endDate],
  );
  return figures!;
}

/** 00-封面与目录.pdf: whose pack, for when, from whom, its headline figures and every file in it. */
export function coverEntry(db: Queryable, store: PackStore, period: PackPeriod, contents: readonly PackContent[], name: string, now: Date): PackEntry {
  return {
    section: 'cover',
    name,
    open: async () => {
      const figures = await coverFigures(db, store.id, period);
      const [provider] = await db.query<{ name: string }>('select name from providers order by id limit 1');
      const doc = newPdf({ title: `${store.name} 审计资料包`, author: provider!.name, subject: `${period.startDate} 至 ${period.endDate}` });
      pdfTitle(doc, '虫害管理审计资料包', `${provider!.name}  ·  ${period.startDate} 至 ${period.endDate}`);
      pdfFacts(doc, [
        ['客户', store.organisationName],
        ['门店', `${store.name}（${store.code}）`],
        ['地址', store.address],
        ['服务商', provider!.name],
        ['期间', `${period.startDate} 至 ${period.endDate}`],
        ['生成时间', now.toLocaleString('zh-CN', { timeZone: CHINA_TIME_ZONE, hour12: false })],
      ]);
      pdfSection(doc, '期间概况');
      pdfTable(
        doc,
        [
          { title: '项目', width: 250 },
          { title: '数量', width: 249 },
        ],
        [
          ['完成服务次数', String(figures.visits)],
          ['点位检查次数', String(figures.pointChecks)],
          ['捕获/发现虫害数量', String(figures.catches)],
          ['发现风险', String(figures.risksRaised)],
          ['已整改风险', String(figures.risksRectified)],
          ['未整改风险', String(figures.risksOpen)],
          ['用药记录条数', String(figures.materialLines)],
        ],
      );
      pdfSection(doc, '目录');
      pdfTable(
        doc,
        [
          { title: '编号', width: 50 },
          { title: '内容', width: 180 },
          { title: '文件', width: 269 },
        ],
        contentRows(contents),
      );
      if (contents.length === 0) pdfText(doc, '所选部分在此期间没有记录。');
      pdfPageNumbers(doc, `${store.name} · 审计资料包`);
      doc.end();
      return doc;
    },
  };
}

/**
 * One line per section: a folder by its name and how many files it holds, other files each by its
 * name (整改记录 is a .pdf and an .xlsx side by side, not a folder). Told from the names the zip
 * holds, so the contents never name a folder it lacks.
 */
function contentRows(contents: readonly PackContent[]): string[][] {
  const bySection = new Map<AuditPackSection, string[]>();
  for (const content of contents) bySection.set(content.section, [...(bySection.get(content.section) ?? []), content.name]);
  return [...bySection].map(([section, names]) => {
    const file = AUDIT_PACK_SECTION_FILES[section];
    const number = file.slice(0, 2);
    const title = file.slice(3).replace(/\.(pdf|xlsx)$/, '');
    const inFolder = names.every((name) => name.startsWith(`${file}/`));
    return [number, title, inFolder ? `${file}/（共 ${names.length} 个文件）` : names.join('\n')];
  });
}
