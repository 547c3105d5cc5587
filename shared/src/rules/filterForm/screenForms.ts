import { lastFullQuarter } from '../dateRange.ts';
import { defineFilterConfig, type FilterFormConfig } from './config.ts';

/**
 * The filter form of each screen whose query the server checks, in one place: the console's
 * screen shows this form and the server's routes for it refuse what this form would refuse
 * (filterFormVerdict), with the same message.
 */
export const ScreenFilterForms = {
  /** Screen 1, /statisticalChart/trendChart1: selectPointTrendChart and its drill-down. */
  pestTrend: defineFilterConfig({
    fields: ['organisation', 'plan', 'serviceRegion', 'deviceType', 'device', 'pests', 'timeType', 'dateRange'],
    requireOrganisation: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
  /** One point's trend, /statisticalChart/singleTrend: selectPointTrendChartDetails. */
  pointTrend: defineFilterConfig({
    fields: ['organisation', 'plan', 'deviceType', 'device', 'pests', 'timeType', 'dateRange'],
    requireOrganisation: true,
    defaultTimeType: true,
    loadPlansOnCustomer: true,
  }),
  /** Screen 2, /dashboard: selectYearPets, selectRegionPets, selectPets. */
  yearlyPest: defineFilterConfig({
    fields: ['organisation', 'plan', 'serviceRegion', 'deviceType', 'pests', 'timeType'],
    requireOrganisation: true,
    defaultTimeType: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
  /**
   * Screen 8, /statisticalChart/combineTrend: stores or sales areas compared (the customer type
   * picks which), pest or risk (the statistic basis), a trend or a comparison (the report type).
   */
  positiveRate: defineFilterConfig({
    fields: [
      'customerType',
      'area',
      'areaCascader',
      'contacts',
      'organisation',
      'basis',
      'riskBasis',
      'pests',
      'workType',
      'timeType',
      'dateRange',
      'comparisonRange',
    ],
    organisationMode: 'multiple',
    areaMode: 'multiple',
    defaultTimeType: true,
  }),
  /** Screen 9, /statisticalChart/trendChart2: selectPestWork. */
  storePestTrend: defineFilterConfig({
    fields: ['organisation', 'plan', 'serviceRegion', 'pests', 'timeType', 'dateRange'],
    requireOrganisation: true,
    defaultTimeType: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
  /** Screen 12, /statisticalChart/riskTrend: selectRisk, its dialog and export. */
  riskTrend: defineFilterConfig({
    fields: ['organisation', 'dateRange', 'timeType', 'plan', 'serviceRegion', 'riskType'],
    requireOrganisation: true,
    defaultTimeType: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
  /** Screen 3, /dataSheet/riskSummary: the risk summary and its export. */
  riskSummary: defineFilterConfig({
    fields: ['organisation', 'plan', 'serviceRegion', 'riskType', 'dateRange'],
    requireOrganisation: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
  /** Screen 4, /dataSheet/insectPestSummary: the pest summary, its header and export. */
  pestSummary: defineFilterConfig({
    fields: ['organisation', 'plan', 'serviceRegion', 'deviceType', 'device', 'pests', 'dateRange'],
    requireOrganisation: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
  /** Screen 5, /dataSheet/equipment: the device-type summary, its header and export. */
  deviceTypeSummary: defineFilterConfig({
    fields: ['organisation', 'plan', 'serviceRegion', 'deviceType', 'device', 'dateRange'],
    requireOrganisation: true,
    loadPlansOnCustomer: true,
    loadRegionsOnPlan: true,
  }),
  /**
   * The audit pack, /dataSheet/auditPack (issue 22): stores (several, each a folder of the zip) and
   * the period, opening on the last full quarter. The period's 400-day limit is the create route's
   * (AuditPackMessages.tooLong), not a rule of this form.
   */
  auditPack: defineFilterConfig({
    fields: ['organisation', 'dateRange'],
    organisationMode: 'multiple',
    requireOrganisation: true,
    defaultDateRange: lastFullQuarter,
  }),
} satisfies Record<string, FilterFormConfig>;

export type FilterScreen = keyof typeof ScreenFilterForms;
