import { ScreenFilterForms } from '@pest/shared';
import { pestSummaryApi } from '../../api/summaries.ts';
import { DynamicSummaryPage } from '../../widgets/summaryReport/DynamicSummaryPage.tsx';

/** One store, narrowed by its plan's regions, devices and the pests counted; nothing is sent without a store. */
const PEST_SUMMARY_FILTERS = ScreenFilterForms.pestSummary;

/** The pest summary report (console-spec screen 4, /dataSheet/insectPestSummary). */
export function PestSummaryPage() {
  return <DynamicSummaryPage title="insectPestSummary" config={PEST_SUMMARY_FILTERS} api={pestSummaryApi} testId="pest-summary" />;
}
