import { ReportTemplateType } from '@pest/shared';
import type { ServiceReport } from './service-report-pdf.ts';

/** The head of a service report as the tests render it: a real-looking visit of the demo chain, in the full pest layout. */
export const sampleReportHead: Omit<ServiceReport, 'pests' | 'points' | 'risks' | 'materials'> = {
  providerName: '安洁虫控服务有限公司',
  code: 'GD202611220001',
  jobOrderName: '11月常规巡检',
  customerName: '味多美餐饮管理有限公司',
  storeName: '味多美（朝阳大悦城店）',
  address: '北京市朝阳区朝阳北路101号',
  serviceType: '常规',
  staff: '王建国',
  startTime: '2026-11-20 09:00:00',
  endTime: '2026-11-20 10:30:00',
  remark: null,
  signature: null,
  templateType: ReportTemplateType.pestFull,
};
