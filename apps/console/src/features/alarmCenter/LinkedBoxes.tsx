import { Empty, Spin } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { alarmQueries } from '../../api/alarmQueries.ts';
import { DeviceLink } from '../../widgets/device/DeviceLink.tsx';

/** The contract's largest page: a gateway serves far fewer boxes than this. */
const LINKED_SHOWN = 500;

/** A gateway alarm's silent boxes: each named, linking to its detail. */
export function LinkedBoxes({ gatewayAlarmId }: { gatewayAlarmId: number }) {
  const { t } = useTranslation(['alarms']);
  const linked = useQuery(alarmQueries.list({ current: 1, size: LINKED_SHOWN, gatewayAlarmId }));
  if (linked.isPending) return <Spin />;
  const rows = linked.data?.records ?? [];
  if (rows.length === 0) return <Empty description={t('alarms:noLinked')} />;
  return (
    <div className="alarm-linked" data-testid="alarm-linked">
      <div className="alarm-linked-title">{t('alarms:linkedTitle', { count: linked.data?.total ?? rows.length })}</div>
      <ul className="alarm-linked-list">
        {rows.map((row) => (
          <li key={row.id}>
            <DeviceLink to="detail" deviceId={row.boxId} testId="alarm-linked-device">
              {row.deviceName}
            </DeviceLink>
            <span className="alarm-cell-minor">
              {' '}
              {row.deviceCode} · {row.customerName}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
