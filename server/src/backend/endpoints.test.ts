import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPLAY_ALLOWED_PATHS, ENDPOINTS } from '@pest/shared';
import { createTestBackend, type TestBackend } from './testing.ts';

/** The heavy calls as the hand-kept list had them before the endpoints said it themselves. */
const HEAVY_BEFORE = [
  'getAlarmRecordList', 'getAlarmStatistics', 'getAlarmTrendList', 'getMouseBoxStatistics', 'getStoreStatusList', 'channel/test',
  'jobOrderRecordList', 'selectAllCustomerPestWork', 'selectAllCustomerRiskWork', 'selectDeviceTypeSummary', 'selectDeviceTypeSummaryHeader',
  'selectOverdueRisks', 'selectPestSummary', 'selectPestSummaryHeader', 'selectPestWork', 'selectPets', 'selectPointByDeviceTypeId',
  'selectPointTrendChart', 'selectPointTrendChartDetails', 'selectRegionPets', 'selectRisk', 'selectRiskDetails', 'selectRiskSummaryWork',
  'selectServiceActivity', 'selectYearPets',
  // Added since: the bulk import's dry run (import/dryRun). Its apply was heavy too until it became a
  // job of its own (answering at once, its work under the fair limiter all the same).
  'dryRun',
  // 服务安排's month planning (visit/planMonth): every active plan in scope at once.
  'planMonth',
];
const DOWNLOADS_BEFORE = [
  'exportSelectDeviceTypeSummary', 'exportSelectPestSummary', 'exportSelectPointByDeviceTypeId', 'exportSelectRiskDetails', 'exportSelectRiskSummaryWork',
  // Added since: the audit log's export (system/auditLog/export) and a plan's point labels (point/labels).
  'export',
  'labels',
  // The bulk import's error file (import/errorFile).
  'errorFile',
];
const DISPLAY_BEFORE = [
  '/api/admin/web/display/session', '/api/user/mini/user/selectById', '/api/admin/web/mouseBox/getMouseBoxStatistics', '/api/admin/web/mouseBox/getStoreStatusList',
  '/api/admin/alarmRecord/web/getAlarmRecordList', '/api/admin/alarmRecord/web/getAlarmTrendList', '/api/admin/alarmRecord/web/getAlarmStatistics',
  '/api/admin/web/webCustomer/selectServiceActivity',
  // Added since: the latest notice's line (内容, issue 41).
  '/api/admin/web/content/latestNotice',
];

/** An OpenAPI path as the contract writes it: `{file}` is `:file`, and the wildcard `{*}` is `*`. */
const contractPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1').replace(/\{\*\}/g, '*');

const named = (load: string) =>
  ENDPOINTS.filter((endpoint) => endpoint.load === load)
    .map((endpoint) => endpoint.path.split('/').slice(endpoint.path.endsWith('/test') ? -2 : -1).join('/'))
    .sort();

describe('the endpoints of the contract', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await createTestBackend();
  });
  afterAll(() => backend?.close());

  it('are each registered, and every /api route is one of them', () => {
    const document = backend.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const registered = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${contractPath(path)}`))
      .sort();
    const defined = ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.path}`).sort();
    expect(registered).toEqual(defined);
    expect(new Set(defined).size).toBe(defined.length);
  });

  it('say which are heavy, and the derived list holds exactly the calls that were heavy before', () => {
    expect(named('heavy')).toEqual([...HEAVY_BEFORE].sort());
    expect(named('download')).toEqual([...DOWNLOADS_BEFORE].sort());
  });

  it('say which a display link may call: the wallboard\'s own reads, as before', () => {
    expect([...DISPLAY_ALLOWED_PATHS].sort()).toEqual([...DISPLAY_BEFORE].sort());
  });
});
