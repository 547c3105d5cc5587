import * as echarts from 'echarts/core';
// Only the bar chart, its grid, title and threshold line, drawn as SVG: the whole of ECharts cost
// the process 67 MB to load, these 30 MB (bench/auditpack).
import 'echarts/lib/chart/bar';
import 'echarts/lib/component/gridSimple';
import 'echarts/lib/component/markLine';
import 'echarts/lib/component/title';
import { SVGRenderer } from 'echarts/renderers';
import { CHINA_TIME_ZONE, JobOrderState } from '@pest/shared';
import { barOption, type ChartOption } from '@pest/shared/charts';
import { Metric } from '../../common/check-vocabulary.ts';
import { ensureSpace, newPdf, pdfPageNumbers, pdfSection, pdfTable, pdfText, pdfTitle, PDF_MARGIN } from '../../common/pdf-document.ts';
import { svgToPng } from '../../common/svg-raster.ts';
import type { Queryable } from '../../db/db.ts';
import type { PackEntry } from '../pack-entry.ts';
import type { PackPeriod } from '../pack-period.ts';
import type { PackStore } from '../pack-stores.ts';

echarts.use([SVGRenderer]);

const REGION_TYPE_LABELS: Record<string, string> = { kitchen: '后厨/加工', storage: '仓储', outside: '外围', front: '前场/办公' };

/** A pest in a kind of region over the period: its count on every visit, and the count above which it is over threshold. */
export interface TrendSeries {
  pest: string;
  regionType: string;
  threshold: number;
  visits: { day: string; quarter: string; count: number }[];
}

/**
 * Per visit, the catches of each pest in each kind of region (every visit of the period, so a
 * visit that found nothing counts 0), for the pests found at least once; the threshold is the
 * strictest of the store's plans.
 */
export async function trendSeries(db: Queryable, storeId: number, period: PackPeriod): Promise<TrendSeries[]> {
  const rows = await db.query<{ pest: string; regionType: string; threshold: number; day: string; quarter: string; count: number }>(
    `with visits as (
       select j.id, to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD') as day,
              to_char(j.started_at at time zone '${CHINA_TIME_ZONE}', 'YYYY"Q"Q') as quarter, j.started_at
       from job_orders j
       where j.customer_id = $1 and j.state = '${JobOrderState.done}'
         and (j.started_at at time zone '${CHINA_TIME_ZONE}')::date between $2::date and $3::date
     ),
     counts as (
       select v.job_order_id, v.pest_id, r.region_type, sum(v.value)::int as count
       from point_check_values v join points pt on pt.id = v.point_id join service_regions r on r.id = pt.region_id
       where v.job_order_id in (select id from visits) and v.metric = '${Metric.catch}'
       group by 1, 2, 3
     ),
     found as (select distinct pest_id, region_type from counts)
     select p.name as pest, f.region_type as "regionType",
            coalesce((select min(t.max_per_visit) from plan_thresholds t join service_plans sp on sp.id = t.plan_id
                      where sp.customer_id = $1 and t.pest_id = f.pest_id and t.region_type = f.region_type), 0) as threshold,
            vi.day, vi.quarter, coalesce(c.count, 0) as count
     from found f
     join pests p on p.id = f.pest_id
     cross join visits vi
     left join counts c on c.job_order_id = vi.id and c.pest_id = f.pest_id and c.region_type = f.region_type
     order by p.id, f.region_type, vi.started_at, vi.id`,
    [storeId, period.startDate, period.endDate],
  );
  const series = new Map<string, TrendSeries>();
  for (const row of rows) {
    const key = `${row.pest}/${row.regionType}`;
    const entry = series.get(key) ?? { pest: row.pest, regionType: row.regionType, threshold: row.threshold, visits: [] };
    entry.visits.push({ day: row.day, quarter: row.quarter, count: row.count });
    series.set(key, entry);
  }
  return [...series.values()];
}

const CHART = { width: 640, height: 300 };

/**
 * One chart, the console's bar chart (`barOption`): a bar per visit, red above the threshold, the
 * threshold drawn as a dashed line. Drawn once on paper: no animation, no toolbox, and the dates
 * slanted and small, some skipped when crowded (the console would pan such an axis; paper cannot).
 */
function trendChartOption(series: TrendSeries): ChartOption {
  const option = barOption({
    categories: series.visits.map((visit) => visit.day.slice(5)),
    series: [{ name: series.pest, data: series.visits.map((visit) => visit.count) }],
    title: `${series.pest} · ${REGION_TYPE_LABELS[series.regionType] ?? series.regionType}`,
    axisNames: { x: '服务日期', y: '数量（只）' },
    threshold: { value: series.threshold, label: `阈值 ${series.threshold}` },
    toolboxRoom: false,
  });
  return {
    ...option,
    animation: false,
    textStyle: { fontFamily: 'Noto Sans SC' },
    xAxis: { ...option.xAxis, axisLabel: { rotate: 45, fontSize: 10 } } as ChartOption['xAxis'],
  };
}

/** One chart rendered by ECharts on the server, as SVG. */
export function trendChartSvg(series: TrendSeries): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: CHART.width, height: CHART.height });
  chart.setOption(trendChartOption(series));
  const svg = chart.renderToSVGString();
  chart.dispose();
  return svg;
}

/** The quarters in which a series went over its threshold on some visit. */
export const quartersOver = (series: TrendSeries) => [...new Set(series.visits.filter((visit) => visit.count > series.threshold).map((visit) => visit.quarter))];

/** 05-趋势分析.pdf: the quarterly trend review (AIB 4.9.1.6): per pest and kind of region, every visit's count against its threshold, and the quarters over it. */
export function trendsEntry(db: Queryable, store: PackStore, period: PackPeriod, name: string): PackEntry {
  return {
    section: 'trends',
    name,
    open: async () => {
      const all = await trendSeries(db, store.id, period);
      const doc = newPdf({ title: `${store.name} 趋势分析`, author: store.organisationName, subject: `${period.startDate} 至 ${period.endDate}` });
      pdfTitle(doc, '虫害趋势分析（季度回顾）', `${store.name}  ·  ${period.startDate} 至 ${period.endDate}`);
      const over = all.filter((series) => quartersOver(series).length > 0);
      pdfText(doc, `本期发现 ${all.length} 组虫害/区域活动，其中 ${over.length} 组在某次服务中超过行动阈值。阈值为每次服务在该类区域发现的数量，超过即需采取纠正措施。`);
      pdfSection(doc, '季度超标汇总');
      if (all.length === 0) pdfText(doc, '本期未发现虫害活动。');
      else
        pdfTable(
          doc,
          [
            { title: '虫害', width: 100 },
            { title: '区域类别', width: 90 },
            { title: '阈值', width: 50 },
            { title: '单次最高', width: 60 },
            { title: '超标季度', width: 199 },
          ],
          all.map((series) => [
            series.pest,
            REGION_TYPE_LABELS[series.regionType] ?? series.regionType,
            String(series.threshold),
            String(Math.max(...series.visits.map((visit) => visit.count))),
            quartersOver(series).join('、') || '—',
          ]),
        );
      const width = doc.page.width - PDF_MARGIN * 2;
      const height = (width * CHART.height) / CHART.width;
      if (all.length > 0) pdfSection(doc, '趋势图');
      for (const series of all) {
        ensureSpace(doc, height + 8);
        doc.image(await svgToPng(trendChartSvg(series), CHART.width * 2), PDF_MARGIN, doc.y, { width, height });
        doc.y += height + 8;
      }
      pdfPageNumbers(doc, `${store.name} · 趋势分析`);
      doc.end();
      return doc;
    },
  };
}
