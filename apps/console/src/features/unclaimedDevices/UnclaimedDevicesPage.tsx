import { useMemo, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { IconRefresh } from '@arco-design/web-react/icon';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Permission, type DeviceSecret, type UnclaimedDevice, type UnclaimedListBody } from '@pest/shared';
import { uplinkQueries } from '../../api/uplinks.ts';
import { useSubmittedRequest } from '../../api/query/useSubmittedRequest.ts';
import { DataTable } from '../../components/DataTable/index.ts';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { ListScreen } from '../../components/ListScreen/index.ts';
import { useCan } from '../../session/useCan.ts';
import { DeviceSecretDialog } from '../../widgets/device/DeviceSecretDialog.tsx';
import { ClaimDeviceDialog } from './ClaimDeviceDialog.tsx';
import { unclaimedColumns } from './unclaimedColumns.tsx';
import './unclaimedDevices.css';

const PAGE_SIZES = [20, 50, 100] as const;
const FIRST_PAGE: UnclaimedListBody = { current: 1, size: PAGE_SIZES[0] };
const NO_DEVICES: UnclaimedDevice[] = [];

/**
 * 待认领设备: devices a network server passed on that nobody registered, last heard first, so
 * staff can see a box that was installed but not entered, and (allowed to register devices) claim
 * it: registered at a store in one step, its secret shown once, the row gone.
 */
export function UnclaimedDevicesPage() {
  const { t } = useTranslation(['connectivity', 'devices', 'route']);
  const { request, submit, change } = useSubmittedRequest<UnclaimedListBody>(FIRST_PAGE, (next) => [uplinkQueries.unclaimed(next).queryKey]);
  const page = useQuery({ ...uplinkQueries.unclaimed(request), placeholderData: keepPreviousData });
  const canClaim = useCan()(Permission.devicesManage);
  const [claiming, setClaiming] = useState<UnclaimedDevice | null>(null);
  // A claimed device's secret: shown once, then gone.
  const [secret, setSecret] = useState<DeviceSecret | null>(null);
  const columns = useMemo(() => unclaimedColumns(t, canClaim ? setClaiming : undefined), [t, canClaim]);

  return (
    <ListScreen
      testId="unclaimed-devices-page"
      title={t('route:unclaimedDevices')}
      extra={
        <div className="unclaimed-toolbar">
          <span className="unclaimed-note">{t('connectivity:unclaimedNote')}</span>
          <Button icon={<IconRefresh />} onClick={() => submit({ ...request })} data-testid="unclaimed-refresh">
            {t('connectivity:refresh')}
          </Button>
        </div>
      }
    >
      <DataTable<UnclaimedDevice>
        tableId="unclaimedDevices"
        testId="unclaimed-table"
        rowKey="id"
        columns={columns}
        data={page.data?.records ?? NO_DEVICES}
        loading={page.isFetching && (page.isPending || page.isPlaceholderData)}
        pagination={false}
      />
      <TablePagination
        current={request.current}
        pageSize={request.size}
        total={page.data?.total ?? 0}
        sizeOptions={PAGE_SIZES}
        onChange={(current, size) => change((before) => ({ ...before, current: size === before.size ? current : 1, size }))}
        testId="unclaimed-pagination"
      />
      {claiming && (
        <ClaimDeviceDialog
          row={claiming}
          onClose={() => setClaiming(null)}
          onClaimed={(claimed) => {
            setClaiming(null);
            setSecret(claimed);
          }}
        />
      )}
      <DeviceSecretDialog shown={secret} onClose={() => setSecret(null)} />
    </ListScreen>
  );
}
