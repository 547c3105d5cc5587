import { FLOOR_PLAN } from '../../devices/floor-plan-layout.ts';
import { newPdf, pdfPageNumbers, pdfTable, pdfText, pdfTitle, PDF_MARGIN } from '../../common/pdf-document.ts';
import { svgToPng } from '../../common/svg-raster.ts';
import type { Queryable } from '../../db/db.ts';
import { floorPlanSvg } from '../../devices/floor-plan-svg.ts';
import { planWings } from '../../devices/placement.ts';
import type { Wing } from '../../devices/floor-plan-layout.ts';
import type { PackEntry } from '../pack-entry.ts';
import type { PackStore } from '../pack-stores.ts';
import type { FileStore } from '../../files/file-store.ts';
import { storedImageBytes } from '../../common/stored-image.ts';

interface Station {
  code: string;
  x: number;
  y: number;
  deviceType: string;
  topRegionId: number;
}

/** Pixels the plan is drawn at: sharp in print, small enough to embed page by page. */
const RASTER_WIDTH = 1600;
const safeName = (name: string) => name.replace(/[\\/:*?"<>|]/g, '_');
const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.codePointAt(0)};`);

/** The plan's SVG with every station drawn and numbered by its code, cropped to `box` when given. */
function withStations(svg: string, stations: readonly Station[], box?: Wing): string {
  const marks = stations
    .map(
      (s) =>
        `<circle cx="${s.x}" cy="${s.y}" r="6" fill="#2f6fde" stroke="#fff" stroke-width="1.5"/>` +
        `<text x="${s.x + 8}" y="${s.y - 6}" font-size="11" font-weight="bold" fill="#1d2129" stroke="#fff" stroke-width="3" paint-order="stroke">${escapeXml(s.code)}</text>`,
    )
    .join('');
  let drawn = svg.replace('</svg>', `${marks}</svg>`);
  if (box) {
    const pad = 12;
    const viewBox = `${box.x - pad} ${box.y - pad} ${box.width + 2 * pad} ${box.height + 2 * pad}`;
    drawn = drawn.replace(/width="\d+" height="\d+" viewBox="[^"]*"/, `width="${box.width + 2 * pad}" height="${box.height + 2 * pad}" viewBox="${viewBox}"`);
  }
  return drawn;
}

/**
 * An uploaded floor plan with every station on it: the image in the 800×650 frame the stations
 * were placed on (letterboxed, as the console draws it), each station numbered, then all of them listed.
 */
function uploadedPlanPdf(doc: PDFKit.PDFDocument, image: Buffer, stations: readonly Station[]): void {
  const width = doc.page.width - PDF_MARGIN * 2;
  const height = (width * FLOOR_PLAN.height) / FLOOR_PLAN.width;
  const top = doc.y;
  doc.image(image, PDF_MARGIN, top, { fit: [width, height], align: 'center', valign: 'center' });
  const scale = width / FLOOR_PLAN.width;
  for (const station of stations) {
    const x = PDF_MARGIN + station.x * scale;
    const y = top + station.y * scale;
    doc.circle(x, y, 4).fillAndStroke('#2f6fde', '#ffffff');
    doc.font('bold').fontSize(7).fillColor('#1d2129').text(station.code, x + 5, y - 9, { lineBreak: false });
  }
  doc.x = PDF_MARGIN;
  doc.y = top + height + 12;
  pdfTable(
    doc,
    [
      { title: '点位编号', width: 160 },
      { title: '设备类型', width: 339 },
    ],
    stations.map((station) => [station.code, station.deviceType]),
  );
}

/** 02-点位布局图/: per plan, one PDF: the whole floor plan with every station numbered, then a page per region (an uploaded plan: its stations listed). */
export async function floorPlanEntries(db: Queryable, store: PackStore, folder: string, uploads: FileStore): Promise<PackEntry[]> {
  const plans = await db.query<{ id: number; name: string; imagePath: string | null }>(
    'select p.id, p.name, f.image_path as "imagePath" from service_plans p join floor_plans f on f.plan_id = p.id where p.customer_id = $1 order by p.id',
    [store.id],
  );
  return plans.map((plan) => ({
    section: 'floorPlans',
    name: `${folder}${safeName(plan.name)}.pdf`,
    open: async () => {
      const wings = await planWings(db, plan.id);
      const stations = await db.query<Station>(
        `select pt.code, pt.x, pt.y, t.name as "deviceType", coalesce(r.parent_id, r.id) as "topRegionId"
         from points pt join device_types t on t.id = pt.device_type_id join service_regions r on r.id = pt.region_id
         where pt.plan_id = $1 order by pt.code`,
        [plan.id],
      );
      const svg = floorPlanSvg({ storeName: store.name, planName: plan.name, wings });
      const doc = newPdf({ title: `${store.name} ${plan.name} 点位布局图`, author: store.organisationName, subject: plan.name });
      const width = doc.page.width - PDF_MARGIN * 2;
      pdfTitle(doc, '点位布局图', `${store.name}  ·  ${plan.name}  ·  共 ${stations.length} 个监测点位`);
      // An image held elsewhere (a real bucket) is not in the pack: the drawing of the regions stands in.
      const uploaded = plan.imagePath ? await storedImageBytes(uploads, plan.imagePath) : null;
      if (uploaded) {
        uploadedPlanPdf(doc, uploaded, stations);
        pdfPageNumbers(doc, `${store.name} · ${plan.name} · 点位布局图`);
        doc.end();
        return doc;
      }
      doc.image(await svgToPng(withStations(svg, stations), RASTER_WIDTH), PDF_MARGIN, doc.y, { width, height: (width * FLOOR_PLAN.height) / FLOOR_PLAN.width });
      for (const wing of wings) {
        const own = stations.filter((station) => station.topRegionId === wing.regionId);
        doc.addPage();
        pdfTitle(doc, wing.name, `${store.name}  ·  ${plan.name}  ·  ${own.length} 个监测点位`);
        const height = Math.min(360, (width * (wing.height + 24)) / (wing.width + 24));
        doc.image(await svgToPng(withStations(svg, own, wing), RASTER_WIDTH / 2), PDF_MARGIN, doc.y, { fit: [width, height], align: 'center' });
        doc.y += height + 12;
        doc.x = PDF_MARGIN;
        if (own.length === 0) pdfText(doc, '该区域未布设监测点位。');
        else
          pdfTable(
            doc,
            [
              { title: '点位编号', width: 160 },
              { title: '设备类型', width: 339 },
            ],
            own.map((station) => [station.code, station.deviceType]),
          );
      }
      pdfPageNumbers(doc, `${store.name} · ${plan.name} · 点位布局图`);
      doc.end();
      return doc;
    },
  }));
}
