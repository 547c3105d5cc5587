import { ScreenFilterForms } from '@pest/shared';
import { deviceTypeSummaryApi } from '../../api/summaries.ts';
import { DynamicSummaryPage } from '../../widgets/summaryReport/DynamicSummaryPage.tsx';

/** One store, narrowed by its plan's regions and devices; nothing is sent without a store. */
const DEVICE_TYPE_SUMMARY_FILTERS = ScreenFilterForms.deviceTypeSummary;

/** The device-type (equipment pest-positive) summary report (console-spec screen 5, /dataSheet/equipment). */
export function DeviceTypeSummaryPage() {
  return (
    <DynamicSummaryPage
      title="equipmentPositive"
      config={DEVICE_TYPE_SUMMARY_FILTERS}
      api={deviceTypeSummaryApi}
      testId="device-type-summary"
    />
  );
}
