import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Input, Select } from '@arco-design/web-react';
import { IconDownload, IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { BATTERY_FILTER_OPTIONS, DEVICE_STATUS_FILTER_OPTIONS, Pagination, Permission, type DeviceSecret, type DeviceStatus } from '@pest/shared';
import { fetchDeviceTemplateUrl } from '../../api/devices.ts';
import { reportError } from '../../api/http.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { downloadFile } from '../../components/ExportButton/index.ts';
import { FilterForm, FilterItem, defineFilterConfig } from '../../components/FilterForm/index.ts';
import { deviceKeys } from '../../api/deviceQueries.ts';
import { DeviceSecretDialog } from '../../widgets/device/DeviceSecretDialog.tsx';
import { useCan } from '../../session/useCan.ts';
import { ImportButton } from '../../widgets/imports/index.ts';
import { DeviceAddDialog } from './DeviceAddDialog.tsx';
import { DeviceTable } from './DeviceTable.tsx';
import { FIRST_DEVICE_PAGE, deviceFilters, linkedDeviceFields, templateRequestUrl, type DeviceSearchFields } from './deviceListQuery.ts';
import { useDeviceList } from './useDeviceList.ts';
import { useDeviceListLive } from './useDeviceListLive.ts';
import '../../widgets/summaryReport/summaryReport.css';
import './deviceList.css';

/** The shared form's part: stores (any organisation node), sales areas, device kind; none is required. */
const DEVICE_LIST_FILTERS = defineFilterConfig({
  fields: ['organisation', 'area', 'deviceKind'],
  organisationMode: 'multiple',
  areaMode: 'multiple',
});

/** The template's name when the server's response does not give one. */
const TEMPLATE_FILE_NAME = '设备导入模板.xlsx';

async function downloadTemplate(): Promise<void> {
  try {
    await downloadFile({ url: templateRequestUrl(await fetchDeviceTemplateUrl()), fileName: TEMPLATE_FILE_NAME });
  } catch (error) {
    reportError(error);
  }
}

/**
 * The smart device list (console-spec screen 6, /equipment/mouseBox). A link's query (status,
 * remainingPower: linkedDeviceFields) opens the list it names; another link starts it afresh.
 */
export function DeviceListPage() {
  const [search] = useSearchParams();
  return <DeviceList key={search.toString()} linked={linkedDeviceFields(search)} />;
}

function DeviceList({ linked }: { linked: DeviceSearchFields }) {
  const { t } = useTranslation(['devices', 'filter', 'route']);
  const [fields, setFields] = useState<DeviceSearchFields>(linked);
  const { query, page, loading, search, reset, changePage } = useDeviceList({ ...FIRST_DEVICE_PAGE, filters: deviceFilters({}, linked) });
  const changedIds = useDeviceListLive(query);
  const set = (patch: DeviceSearchFields) => setFields((current) => ({ ...current, ...patch }));
  const [adding, setAdding] = useState(false);
  const can = useCan();
  // A registered device's secret: shown once, then gone.
  const [secret, setSecret] = useState<DeviceSecret | null>(null);

  return (
    <section className="summary-report" data-testid="device-list-page">
      <FilterForm
        config={DEVICE_LIST_FILTERS}
        extraItems={
          <>
            <FilterItem name="keyword" label={t('devices:keyword')}>
              <Input
                allowClear
                value={fields.keyword ?? ''}
                placeholder={t('devices:keywordPlaceholder')}
                onChange={(keyword) => set({ keyword })}
                data-testid="device-keyword"
              />
            </FilterItem>
            <FilterItem name="deviceStatus" label={t('devices:statusTitle')}>
              <Select
                allowClear
                placeholder={t('filter:choose')}
                value={fields.status}
                onChange={(status?: DeviceStatus) => set({ status })}
                options={DEVICE_STATUS_FILTER_OPTIONS.map((status) => ({ value: status, label: t(`devices:status.${status}`) }))}
                data-testid="device-status-filter"
              />
            </FilterItem>
            <FilterItem name="battery" label={t('devices:battery')}>
              <Select
                allowClear
                placeholder={t('filter:choose')}
                value={fields.remainingPower}
                onChange={(remainingPower?: number) => set({ remainingPower })}
                options={BATTERY_FILTER_OPTIONS.map((percent) => ({ value: percent, label: t('devices:batteryAtMost', { percent }) }))}
                data-testid="device-battery-filter"
              />
            </FilterItem>
          </>
        }
        onQuery={(params) => search(deviceFilters(params, fields))}
        onReset={() => {
          setFields({});
          reset();
        }}
      />
      <div className="summary-report-panel">
        <div className="summary-report-toolbar">
          <h2 className="summary-report-title">{t('route:mouseBox')}</h2>
          {can(Permission.devicesManage) && (
            <span className="device-list-actions">
              <Button type="primary" icon={<IconPlus />} onClick={() => setAdding(true)} data-testid="device-add">
                {t('devices:addDevice')}
              </Button>
              <Button icon={<IconDownload />} onClick={() => void downloadTemplate()} data-testid="device-template">
                {t('devices:importTemplate')}
              </Button>
              <ImportButton kind="device" invalidates={[deviceKeys.all]} testId="device-import" />
            </span>
          )}
        </div>
        {adding && (
          <DeviceAddDialog
            onClose={() => setAdding(false)}
            onAdded={(secret) => {
              setAdding(false);
              setSecret(secret);
            }}
          />
        )}
        <DeviceSecretDialog shown={secret} onClose={() => setSecret(null)} />
        <DeviceTable rows={page.records} loading={loading} changedIds={changedIds} />
        <TablePagination
          current={query.current}
          pageSize={query.size}
          total={page.total}
          sizeOptions={Pagination.deviceListSizes}
          onChange={changePage}
          testId="device-pagination"
        />
      </div>
    </section>
  );
}
