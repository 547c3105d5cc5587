import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DatePicker } from '@arco-design/web-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Layout, ScreenFilterForms, type PestsBody, type RegionPestsBody } from '@pest/shared';
import { barOption } from '@pest/shared/charts';
import { storeChartFilters, type StoreChartFilters } from '../../api/charts.ts';
import { chartQueries } from '../../api/chartQueries.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { Chart, ChartPanel } from '../../components/Chart/index.ts';
import { FilterForm, FilterItem, type FilterParams } from '../../components/FilterForm/index.ts';
import { pestsBody, regionPestsBody, yearPestsBody } from './yearlyPestQuery.ts';
import './yearlyPest.css';

/** One store and what narrows it; the year is the screen's own item. */
const YEARLY_PEST_FILTERS = ScreenFilterForms.yearlyPest;

interface Applied {
  filters: StoreChartFilters;
  params: FilterParams;
  year: string;
}

const thisYear = () => String(dayjs().year());
const yearQuery = (applied: Applied | undefined) =>
  chartQueries.yearPests(applied && yearPestsBody(applied.filters, applied.year, applied.params.timeType));

/**
 * The yearly pest dashboard (console-spec screen 2, /dashboard): the year's catches per period;
 * a period's bar opens its catches per region, a region's bar its catches per pest.
 */
export function YearlyPestPage() {
  const { t } = useTranslation(['charts']);
  const [year, setYear] = useState(thisYear);
  const { request: applied, submit } = useSubmittedRequest<Applied | undefined>(undefined, (next) => (next ? [yearQuery(next).queryKey] : []));
  const [regionDrill, setRegionDrill] = useState<{ period: string; body: RegionPestsBody }>();
  const [pestDrill, setPestDrill] = useState<{ region: string; body: PestsBody }>();

  const yearly = useQuery(yearQuery(applied)).data;
  const regions = useQuery(chartQueries.regionPests(regionDrill?.body)).data;
  const pests = useQuery(chartQueries.pests(pestDrill?.body)).data;

  const count = t('charts:individuals');
  const catches = t('charts:axes.catches');
  const yearlyOption = useMemo(
    () =>
      yearly &&
      barOption({ categories: yearly.keyList, series: [{ name: count, data: yearly.numberList }], axisNames: { x: t('charts:axes.period'), y: catches } }),
    [yearly, count, catches, t],
  );
  const regionOption = useMemo(
    () =>
      regions &&
      barOption({ categories: regions.nameList, series: [{ name: count, data: regions.numberList }], axisNames: { x: t('charts:axes.region'), y: catches } }),
    [regions, count, catches, t],
  );
  const pestOption = useMemo(
    () =>
      pests && barOption({ categories: pests.nameList, series: [{ name: count, data: pests.numberList }], axisNames: { x: t('charts:axes.pest'), y: catches } }),
    [pests, count, catches, t],
  );

  const clearDrillDowns = () => {
    setRegionDrill(undefined);
    setPestDrill(undefined);
  };

  return (
    <section className="chart-screen" data-testid="yearly-pest-page">
      <FilterForm
        config={YEARLY_PEST_FILTERS}
        extraItems={
          <FilterItem name="year" label={t('charts:year')}>
            <DatePicker.YearPicker
              value={year}
              allowClear={false}
              onChange={(value: string) => setYear(value || thisYear())}
              style={{ width: '100%' }}
              data-testid="filter-year"
            />
          </FilterItem>
        }
        onQuery={(params) => {
          clearDrillDowns();
          submit({ params, filters: storeChartFilters(params), year });
        }}
        onReset={() => {
          clearDrillDowns();
          submit(undefined);
          setYear(thisYear());
        }}
      />
      <div className="yearly-pest-grid">
        <ChartPanel title={t('charts:yearPests', { year: applied?.year ?? year })}>
          <Chart
            option={yearlyOption}
            empty={yearly !== undefined && yearly.keyList.length === 0}
            height={Layout.yearlyChartHeight}
            testId="year-pests-chart"
            onBarClick={({ name }) => {
              if (!applied) return;
              setPestDrill(undefined);
              setRegionDrill({ period: name, body: regionPestsBody(applied.filters, name) });
            }}
          />
        </ChartPanel>
        <ChartPanel title={regionDrill ? t('charts:regionPestsOf', { period: regionDrill.period }) : t('charts:regionPests')}>
          {regionDrill ? (
            <Chart
              option={regionOption}
              empty={regions !== undefined && regions.nameList.length === 0}
              height={Layout.yearlyChartHeight}
              reveal
              testId="region-pests-chart"
              onBarClick={({ name, dataIndex }) => {
                const body = regions && pestsBody(regionDrill.body, regions, dataIndex);
                if (body) setPestDrill({ region: name, body });
              }}
            />
          ) : (
            <div className="chart-hint" data-testid="region-pests-hint">{t('charts:clickBarForPeriod')}</div>
          )}
        </ChartPanel>
        <ChartPanel
          title={pestDrill ? t('charts:pestsOf', { period: regionDrill?.period, region: pestDrill.region }) : t('charts:pestAnalysis')}
        >
          {pestDrill ? (
            <Chart
              option={pestOption}
              empty={pests !== undefined && pests.nameList.length === 0}
              height={Layout.yearlyChartHeight}
              reveal
              testId="pests-chart"
            />
          ) : (
            <div className="chart-hint" data-testid="pests-hint">{t('charts:clickBarForRegion')}</div>
          )}
        </ChartPanel>
      </div>
    </section>
  );
}
