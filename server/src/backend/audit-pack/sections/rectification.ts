import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { CHINA_TIME_ZONE, FOLLOW_UP_TYPE_LABELS, RISK_GRADE_LABELS, RISK_STATUS_LABELS, RiskStatus, type RiskGrade } from '@pest/shared';
import { sqlRiskAgeDays, sqlRiskOverdue, type RiskAgeing } from '../../common/risk-ageing-sql.ts';
import { newPdf, pdfFacts, pdfPageNumbers, pdfSection, pdfText, pdfTitle, ensureSpace, PDF_MARGIN, PDF_MUTED } from '../../common/pdf-document.ts';
import { svgToPng } from '../../common/svg-raster.ts';
import type { Queryable } from '../../db/db.ts';
import { SqlParams } from '../../db/sql-params.ts';
import { PhotoKind } from '../../common/photo-kind.ts';
import { riskPhotoSvg, type RiskPhoto } from '../../summaries/risk-photo-svg.ts';
import type { PackEntry } from '../pack-entry.ts';
import type { PackPeriod } from '../pack-period.ts';
import type { PackStore } from '../pack-stores.ts';

/** A risk as the rectification record shows it. */
export interface RectificationRisk {
  id: number;
  raisedAt: string;
  rectifiedAt: string | null;
  regionName: string;
  riskType: string;
  issue: string;
  location: string;
  grade: RiskGrade;
  status: RiskStatus;
  advice: string;
  followUpType: 1 | 2;
  followUpMeasure: string;
  ageDays: number;
  overdue: boolean;
  photos: RiskPhoto[];
}

/** Photos are drawn this wide: two side by side on A4, readable in a spreadsheet row. */
const PHOTO_PX = 320;
const time = (column: string) => `to_char(${column} at time zone '${CHINA_TIME_ZONE}', 'YYYY-MM-DD HH24:MI')`;

/** Every risk raised at the store in the period, oldest first, with its age and its photos. */
export async function rectificationRisks(db: Queryable, storeId: number, period: PackPeriod, ageing: RiskAgeing): Promise<RectificationRisk[]> {
  const params = new SqlParams();
  return db.query<RectificationRisk>(
    `select r.id, ${time('r.created_at')} as "raisedAt", ${time('r.rectified_at')} as "rectifiedAt",
            coalesce(top.name || ' > ', '') || region.name as "regionName", t.name as "riskType", issue.name as issue, r.location,
            r.grade, r.status, r.advice, r.follow_up_type as "followUpType", r.follow_up_measure as "followUpMeasure",
            ${sqlRiskAgeDays('r', ageing, params)} as "ageDays", ${sqlRiskOverdue('r', ageing, params)} as overdue,
            coalesce((select json_agg(json_build_object(
                        'id', f.id, 'kind', f.kind, 'storeName', s.name, 'regionName', region.name, 'issue', issue.name, 'location', r.location,
                        'takenAt', case when f.kind = ${PhotoKind.after} and r.status = ${RiskStatus.rectified} then ${time('r.rectified_at')} else ${time('r.created_at')} end)
                      order by f.kind, f.position)
                      from risk_photos f where f.risk_id = r.id
                        and (f.kind = ${PhotoKind.before} or r.status = ${RiskStatus.rectified})), '[]') as photos
     from risks r
     join customers s on s.id = r.customer_id
     join service_regions region on region.id = r.region_id
     left join service_regions top on top.id = region.parent_id
     join risk_types t on t.id = r.risk_type_id
     join risk_types issue on issue.id = r.issue_id
     where r.customer_id = ${params.add(storeId)}
       and (r.created_at at time zone '${CHINA_TIME_ZONE}')::date between ${params.add(period.startDate)}::date and ${params.add(period.endDate)}::date
     order by r.created_at, r.id`,
    params.values,
  );
}

const ageingText = (risk: RectificationRisk) =>
  risk.status === RiskStatus.rectified ? `整改用时 ${risk.ageDays} 天` : `已开 ${risk.ageDays} 天${risk.overdue ? '（超期）' : ''}`;
/** A risk's photos as PNGs, one at a time (each rendering holds its own copy of the fonts while it runs). */
async function photoPngs(photos: readonly RiskPhoto[]): Promise<Buffer[]> {
  const pngs: Buffer[] = [];
  for (const photo of photos) pngs.push(await svgToPng(riskPhotoSvg(photo), PHOTO_PX));
  return pngs;
}

/** The sheet's photo columns, after its 13 text columns: as many as a risk can have of each kind. */
const FIRST_PHOTO_COLUMN = 13;
const PHOTO_COLUMNS = [
  { header: '整改前照片1' },
  { header: '整改前照片2' },
  { header: '整改前照片3' },
  { header: '整改后照片1' },
  { header: '整改后照片2' },
];

/** 06-整改记录.pdf and .xlsx: every risk of the period, its follow-up and age, with its before and after photos embedded. */
export function rectificationEntries(db: Queryable, store: PackStore, period: PackPeriod, ageing: RiskAgeing, base: string): PackEntry[] {
  const risks = () => rectificationRisks(db, store.id, period, ageing);
  return [
    { section: 'rectification', name: `${base}.pdf`, open: async () => rectificationPdf(store, period, await risks()) },
    { section: 'rectification', name: `${base}.xlsx`, open: async () => rectificationXlsx(await risks()) },
  ];
}

async function rectificationPdf(store: PackStore, period: PackPeriod, risks: RectificationRisk[]): Promise<PDFKit.PDFDocument> {
  const doc = newPdf({ title: `${store.name} 整改记录`, author: store.organisationName, subject: `${period.startDate} 至 ${period.endDate}` });
  pdfTitle(doc, '风险整改记录', `${store.name}  ·  ${period.startDate} 至 ${period.endDate}`);
  const rectified = risks.filter((risk) => risk.status === RiskStatus.rectified).length;
  pdfText(doc, `本期共发现风险 ${risks.length} 项，已整改 ${rectified} 项，未整改 ${risks.length - rectified} 项（其中超期 ${risks.filter((r) => r.overdue).length} 项）。`);
  for (const [index, risk] of risks.entries()) {
    pdfSection(doc, `${index + 1}. ${risk.riskType} · ${risk.issue}（${RISK_GRADE_LABELS[risk.grade]}）`);
    pdfFacts(doc, [
      ['区域', `${risk.regionName}，${risk.location}`],
      ['发现时间', risk.raisedAt],
      ['整改建议', risk.advice],
      ['跟进', `${FOLLOW_UP_TYPE_LABELS[risk.followUpType]}：${risk.followUpMeasure}`],
      ['状态', `${RISK_STATUS_LABELS[risk.status]}${risk.rectifiedAt ? `（${risk.rectifiedAt}）` : ''}`],
      ['风险时长', ageingText(risk)],
    ]);
    photoGrid(doc, risk, await photoPngs(risk.photos));
  }
  if (risks.length === 0) pdfText(doc, '本期未发现风险。');
  pdfPageNumbers(doc, `${store.name} · 整改记录`);
  doc.end();
  return doc;
}

/** Every photo of the risk, three to a row, each captioned 整改前 n or 整改后 n; a note when none shows the result yet. */
function photoGrid(doc: PDFKit.PDFDocument, risk: RectificationRisk, pngs: readonly Buffer[]): void {
  const perRow = 3;
  const gap = 8;
  const width = (doc.page.width - PDF_MARGIN * 2 - gap * (perRow - 1)) / perRow;
  const height = width * 0.75;
  const captions = captionsOf(risk.photos);
  for (let first = 0; first < risk.photos.length; first += perRow) {
    ensureSpace(doc, height + 24);
    const y = doc.y + 4;
    risk.photos.slice(first, first + perRow).forEach((_photo, column) => {
      const x = PDF_MARGIN + column * (width + gap);
      doc.font('regular').fontSize(9).fillColor(PDF_MUTED).text(captions[first + column]!, x, y);
      doc.image(pngs[first + column]!, x, y + 14, { width });
    });
    doc.x = PDF_MARGIN;
    doc.y = y + 14 + height + 6;
  }
  if (risk.status !== RiskStatus.rectified) pdfText(doc, '尚未整改，暂无整改后照片。');
}

/** 整改前 1, 整改前 2, 整改后 1, …: the photos come before first, each kind in its order. */
function captionsOf(photos: readonly RiskPhoto[]): string[] {
  const seen = { [PhotoKind.before]: 0, [PhotoKind.after]: 0 };
  return photos.map((photo) => `${photo.kind === PhotoKind.before ? '整改前' : '整改后'} ${++seen[photo.kind]}`);
}

/** The same risks as a sheet, the photos embedded in their cells (the streaming writer has no images: one file is held). */
async function rectificationXlsx(risks: RectificationRisk[]): Promise<PassThrough> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('整改记录', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '序号', key: 'index', width: 6 },
    { header: '发现时间', key: 'raisedAt', width: 17 },
    { header: '区域', key: 'regionName', width: 16 },
    { header: '位置', key: 'location', width: 16 },
    { header: '风险类型', key: 'riskType', width: 12 },
    { header: '问题描述', key: 'issue', width: 20 },
    { header: '风险等级', key: 'grade', width: 8 },
    { header: '整改建议', key: 'advice', width: 30 },
    { header: '跟进方', key: 'followUpType', width: 8 },
    { header: '跟进措施', key: 'followUpMeasure', width: 20 },
    { header: '状态', key: 'status', width: 12 },
    { header: '整改时间', key: 'rectifiedAt', width: 17 },
    { header: '风险时长', key: 'ageing', width: 16 },
    ...PHOTO_COLUMNS.map(({ header }) => ({ header, width: 24 })),
  ];
  sheet.getRow(1).font = { bold: true };
  for (const [index, risk] of risks.entries()) {
    const row = sheet.addRow({
      index: index + 1,
      ...risk,
      grade: RISK_GRADE_LABELS[risk.grade],
      followUpType: FOLLOW_UP_TYPE_LABELS[risk.followUpType],
      status: RISK_STATUS_LABELS[risk.status],
      rectifiedAt: risk.rectifiedAt ?? '',
      ageing: ageingText(risk),
    });
    row.height = 96;
    row.alignment = { vertical: 'middle', wrapText: true };
    const captions = captionsOf(risk.photos);
    const pngs = await photoPngs(risk.photos);
    risk.photos.forEach((_photo, i) => {
      const column = PHOTO_COLUMNS.findIndex(({ header }) => header === `${captions[i]!.replace(' ', '照片')}`);
      if (column < 0) return;
      const image = workbook.addImage({ buffer: pngs[i] as unknown as ExcelJS.Buffer, extension: 'png' });
      sheet.addImage(image, { tl: { col: FIRST_PHOTO_COLUMN + column, row: row.number - 1 }, ext: { width: 160, height: 120 }, editAs: 'oneCell' });
    });
  }
  const output = new PassThrough();
  workbook.xlsx.write(output).then(
    () => output.end(),
    (error: Error) => output.destroy(error),
  );
  return output;
}
