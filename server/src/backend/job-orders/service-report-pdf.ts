import { ReportTemplateType, type JobOrderMaterial } from '@pest/shared';
import { renderDisinfection } from './report-layouts/disinfection.ts';
import { renderPestFull } from './report-layouts/pest-full.ts';
import { renderPestSimple } from './report-layouts/pest-simple.ts';
import { renderSurvey } from './report-layouts/survey.ts';

/** Everything a service report shows; job-orders/report-data.ts loads it from the database. */
export interface ServiceReport {
  providerName: string;
  code: string;
  jobOrderName: string;
  customerName: string;
  storeName: string;
  address: string;
  serviceType: string;
  staff: string;
  startTime: string;
  endTime: string;
  pests: string[];
  points: { pointCode: string; regionName: string; deviceTypeName: string; finding: string; count: number }[];
  risks: { regionName: string; riskType: string; issueDesc: string; advice: string; status: string }[];
  materials: JobOrderMaterial[];
  /** The technician's remark at the end of the visit. */
  remark: string | null;
  /** The customer's signature (PNG or JPEG) from the field app. */
  signature: Buffer | null;
  /** The layout: the report template type of the visit's service plan (set by its contract). */
  templateType: ReportTemplateType;
  /** What only the disinfection layout shows, loaded for it alone. */
  disinfection?: DisinfectionDetails;
}

export interface DisinfectionDetails {
  /** The regions the visit covered, by top region: 后厨 with 洗碗间、备餐间 (the top region's own name first when it was covered itself). */
  coverage: { region: string; areas: string[] }[];
  /** The materials used, with their concentration from the catalogue. */
  agents: (JobOrderMaterial & { concentration: string | null })[];
}

/**
 * The rendering's version, counted up whenever the file changes for the same data (2: the store in
 * the title; 3: the remark and the customer's signature from the field app). The cache's names
 * (report-files.ts) include it, and the template type for layouts other than the full pest report,
 * so files rendered before are rendered again rather than served as they were.
 */
export const REPORT_LAYOUT_VERSION = 3;

const layouts: Record<ReportTemplateType, (report: ServiceReport) => PDFKit.PDFDocument> = {
  [ReportTemplateType.pestSimple]: renderPestSimple,
  [ReportTemplateType.pestFull]: renderPestFull,
  [ReportTemplateType.disinfection]: renderDisinfection,
  [ReportTemplateType.survey]: renderSurvey,
};

/**
 * Renders the report as a PDF stream (A4) in the layout of its template (report-layouts/); an
 * unknown template renders the full pest report. The caller pipes it to a file or a reply.
 */
export function renderServiceReport(report: ServiceReport): PDFKit.PDFDocument {
  return (layouts[report.templateType] ?? renderPestFull)(report);
}
