import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Select, Tabs } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { ALARM_SEVERITIES, AlarmKind, Permission, type AlarmRecord, type AlarmSeverity, type DateRangeValue } from '@pest/shared';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { usePhotoDialog } from '../../components/PhotoDialog/index.ts';
import { DateRangeField } from '../../components/FilterForm/DateRangeField.tsx';
import { FilterForm, FilterItem, defineFilterConfig } from '../../components/FilterForm/index.ts';
import { AlarmAssignModal } from '../../widgets/alarms/AlarmAssignModal.tsx';
import { AlarmHandleDrawer } from '../../widgets/alarms/AlarmHandleDrawer.tsx';
import { ALARM_TABS, tabCount, type AlarmTab } from '../../widgets/alarms/alarmPage.ts';
import { useAlarmActions } from '../../widgets/alarms/useAlarmActions.ts';
import { AlarmTable } from './AlarmTable.tsx';
import { AlarmStatisticsBar } from './AlarmStatisticsBar.tsx';
import { ALARM_CENTER_SIZES, alarmStatisticsBody, linkedAlarmPage, type AlarmCenterFilters, type AlarmCenterQuery } from './alarmCenterQuery.ts';
import { useAlarmCenter } from './useAlarmCenter.ts';
import { useCan } from '../../session/useCan.ts';
import '../../widgets/summaryReport/summaryReport.css';
import '../../widgets/alarms/alarms.css';
import './alarmCenter.css';

/** The shared form's organisation/store picker, any number of nodes; the rest are this screen's own. */
const ALARM_CENTER_FILTERS = defineFilterConfig({ fields: ['organisation'], organisationMode: 'multiple' });

/** Alarms, not the `online` event. */
const ALARM_KINDS = [AlarmKind.trigger, AlarmKind.offline, AlarmKind.fault, AlarmKind.highTemperature, AlarmKind.lowBattery, AlarmKind.maintain] as const;

interface OwnFields {
  types?: readonly AlarmKind[];
  severities?: readonly AlarmSeverity[];
  range?: DateRangeValue;
}

/**
 * 告警中心 (issue 16, /equipment/alarmCenter): every alarm in the user's scope as a job to work
 * through. Tabs by state with live counts; bulk 确认, 处理 and 指派 from the checked rows; rows
 * appear and change as staff act anywhere. A link's query (tab, days, kinds, severities:
 * linkedAlarmPage) opens that list; another link to the screen starts it afresh.
 */
export function AlarmCenterPage() {
  const [search] = useSearchParams();
  return <AlarmCenter key={search.toString()} first={linkedAlarmPage(search)} />;
}

function AlarmCenter({ first }: { first: AlarmCenterQuery }) {
  const { t } = useTranslation(['alarms', 'live', 'route']);
  const [fields, setFields] = useState<OwnFields>(first.filters);
  const { query, page, counts, loading, changedIds, search, reset, changeTab, changePage } = useAlarmCenter(first);
  const [checked, setChecked] = useState<number[]>([]);
  const [handling, setHandling] = useState<readonly AlarmRecord[] | null>(null);
  const [assigning, setAssigning] = useState<readonly AlarmRecord[] | null>(null);
  const [acknowledging, setAcknowledging] = useState(false);
  const actions = useAlarmActions();
  const can = useCan();
  const photos = usePhotoDialog();
  const openPhotos = photos.open;
  const onPhotos = useCallback((alarm: AlarmRecord) => openPhotos(t('alarms:photos'), alarm.pictures), [openPhotos, t]);
  const set = (patch: OwnFields) => setFields((current) => ({ ...current, ...patch }));

  // Checked rows that are still on the page, as they are now (a push may have moved them on).
  const selected = page.records.filter((row) => checked.includes(row.id));
  const toAcknowledge = selected.filter((row) => row.state === 'open');
  const toHandle = selected.filter((row) => row.state !== 'handled');
  const clearChecks = () => setChecked([]);

  const onHandle = useCallback((alarm: AlarmRecord) => setHandling([alarm]), []);
  const onAssign = useCallback((alarm: AlarmRecord) => setAssigning([alarm]), []);

  const acknowledgeChecked = async () => {
    setAcknowledging(true);
    if ((await actions.acknowledge(toAcknowledge)) !== null) clearChecks();
    setAcknowledging(false);
  };

  return (
    <section className="summary-report alarm-center" data-testid="alarm-center-page">
      <FilterForm
        config={ALARM_CENTER_FILTERS}
        extraItems={
          <>
            <FilterItem name="alarmKind" label={t('alarms:filterKind')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('alarms:choose')}
                value={[...(fields.types ?? [])]}
                onChange={(types: AlarmKind[]) => set({ types })}
                options={ALARM_KINDS.map((kind) => ({ value: kind, label: t(`live:alarmKind.${kind}`) }))}
                data-testid="alarm-kind-filter"
              />
            </FilterItem>
            <FilterItem name="alarmSeverity" label={t('alarms:filterSeverity')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('alarms:choose')}
                value={[...(fields.severities ?? [])]}
                onChange={(severities: AlarmSeverity[]) => set({ severities })}
                options={ALARM_SEVERITIES.map((severity) => ({ value: severity, label: t(`live:alarmSeverity.${severity}`) }))}
                data-testid="alarm-severity-filter"
              />
            </FilterItem>
            <FilterItem name="alarmTime" label={t('alarms:filterTime')}>
              <DateRangeField value={fields.range} onChange={(range) => set({ range })} withShortcuts testId="alarm-range-filter" />
            </FilterItem>
          </>
        }
        onQuery={(params) => {
          clearChecks();
          const filters: AlarmCenterFilters = { customerIds: params.customerIds, ...fields };
          search(filters);
        }}
        onReset={() => {
          setFields({});
          clearChecks();
          reset();
        }}
      />
      <div className="summary-report-panel">
        <div className="summary-report-toolbar">
          <h2 className="summary-report-title">{t('route:alarmCenter')}</h2>
          {can(Permission.alarmsHandle) && (
            <div className="alarm-center-bulk">
              <Button
                type="primary"
                disabled={toAcknowledge.length === 0}
                loading={acknowledging}
                onClick={() => void acknowledgeChecked()}
                data-testid="alarm-bulk-acknowledge"
              >
                {t('alarms:bulkAcknowledge', { count: toAcknowledge.length })}
              </Button>
              <Button disabled={toHandle.length === 0} onClick={() => setHandling(toHandle)} data-testid="alarm-bulk-handle">
                {t('alarms:bulkHandle', { count: toHandle.length })}
              </Button>
              <Button disabled={toHandle.length === 0} onClick={() => setAssigning(toHandle)} data-testid="alarm-bulk-assign">
                {t('alarms:bulkAssign', { count: toHandle.length })}
              </Button>
            </div>
          )}
        </div>
        <AlarmStatisticsBar body={alarmStatisticsBody(query.filters)} />
        <Tabs
          activeTab={query.tab}
          onChange={(tab) => {
            clearChecks();
            changeTab(tab as AlarmTab);
          }}
          data-testid="alarm-tabs"
        >
          {ALARM_TABS.map((tab) => (
            <Tabs.TabPane
              key={tab}
              title={
                <span className="alarm-tab" data-testid={`alarm-tab-${tab}`} data-count={tabCount(counts, tab) ?? ''}>
                  {tab === 'all' ? t('alarms:tabAll') : t(`live:alarmState.${tab}`)}
                  <span className="alarm-tab-count">{tabCount(counts, tab) ?? '…'}</span>
                </span>
              }
            />
          ))}
        </Tabs>
        <AlarmTable
          rows={page.records}
          loading={loading}
          changedIds={changedIds}
          selectedIds={checked}
          onSelect={setChecked}
          onHandle={onHandle}
          onAssign={onAssign}
          onPhotos={onPhotos}
        />
        <TablePagination
          current={query.current}
          pageSize={query.size}
          total={page.total}
          sizeOptions={ALARM_CENTER_SIZES}
          onChange={(current, size) => {
            clearChecks();
            changePage(current, size);
          }}
          testId="alarm-pagination"
        />
      </div>
      {photos.dialog}
      <AlarmHandleDrawer alarms={handling} onClose={() => setHandling(null)} onHandled={clearChecks} />
      <AlarmAssignModal
        alarms={assigning}
        onClose={() => {
          setAssigning(null);
        }}
      />
    </section>
  );
}
