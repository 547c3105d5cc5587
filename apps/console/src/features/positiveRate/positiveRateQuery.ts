import i18n from 'i18next';
import { ChartBasis, compactParams, type GroupRateChart } from '@pest/shared';
import type { BarChartData } from '@pest/shared/charts';
import type { GroupRatesRequest } from '../../api/chartQueries.ts';
import type { FilterParams } from '../../components/FilterForm/index.ts';

/** The call a query makes: the pest call or the risk call, by the statistic basis. */
export type PositiveRateRequest = GroupRatesRequest;

const copy = <T>(list: readonly T[] | undefined) => (list ? [...list] : undefined);

/**
 * The search form's body for the call its basis picks (the form's rules, section 5, have already
 * passed). Each call refuses the other's fields, so pest choices go only to the pest call and
 * risk choices only to the risk call.
 */
export function positiveRateRequest(params: FilterParams): PositiveRateRequest {
  const common = {
    customerType: params.customerType,
    customerIds: copy(params.customerIds),
    areaIds: copy(params.areaIds),
    provinceId: params.provinceId,
    cityId: params.cityId,
    districtId: params.districtId,
    contactNameList: copy(params.contactNameList),
    workType: params.workType,
    timeType: params.timeType,
    startTime: params.startTime,
    endTime: params.endTime,
    comparisonStartTime: params.comparisonStartTime,
    comparisonEndTime: params.comparisonEndTime,
  };
  if (params.type === ChartBasis.pest) {
    return { basis: ChartBasis.pest, body: compactParams({ ...common, type: ChartBasis.pest, petIds: copy(params.petIds) }) };
  }
  return {
    basis: ChartBasis.risk,
    body: compactParams({
      ...common,
      type: ChartBasis.risk,
      riskType: params.riskType,
      riskTypeIds: copy(params.riskTypeIds),
      riskTypeNames: copy(params.riskTypeNames),
      issueDescNames: copy(params.issueDescNames),
    }),
  };
}

/** Console-spec screen 8: a pest's chart is titled '<pest>阳性率' (in Chinese), a risk's by the risk's name. */
export function positiveRateTitle(basis: ChartBasis, name: string): string {
  return basis === ChartBasis.pest ? i18n.t('charts:positiveRateTitle', { name }) : name;
}

/** One chart, a small multiple: the periods (or the two compared ranges) along x, a bar per store or sales area, rates in %. */
export function positiveRateChart(basis: ChartBasis, chart: GroupRateChart): BarChartData {
  return {
    title: positiveRateTitle(basis, chart.name),
    categories: chart.timeList,
    series: chart.valueList.map((series) => ({ name: series.name, data: series.numberList })),
    unit: '%',
    axisNames: { x: i18n.t('charts:axes.period'), y: i18n.t('charts:axes.positiveRate') },
    legendBelow: true,
  };
}
