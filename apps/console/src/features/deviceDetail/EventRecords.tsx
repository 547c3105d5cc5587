import { Empty, Spin, Steps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Pagination, type DateRangeValue } from '@pest/shared';
import { TablePagination } from '../../components/DynamicTable/index.ts';
import { alarmContent } from '../../widgets/alarms/alarmContent.ts';
import { useDeviceEvents } from './useDeviceEvents.ts';

/** The device's events as a vertical step list, newest first: what happened and when; unhandled alarms in red. */
export function EventRecords({ boxId, range }: { boxId: number; range: DateRangeValue }) {
  const { page, current, loading, changePage } = useDeviceEvents(boxId, range);
  const { i18n } = useTranslation();

  return (
    <Spin loading={loading} block>
      <div className="device-events" data-testid="device-events">
        {page.records.length === 0 ? (
          <Empty />
        ) : (
          <Steps direction="vertical" size="small" current={page.records.length + 1}>
            {page.records.map((record) => (
              <Steps.Step
                key={record.id}
                status={record.handled ? 'finish' : 'error'}
                title={<span data-testid="device-event-content">{alarmContent(record, i18n.language)}</span>}
                description={<span data-testid="device-event-time">{record.createTime}</span>}
              />
            ))}
          </Steps>
        )}
      </div>
      <TablePagination
        current={current}
        pageSize={Pagination.eventListSize}
        total={page.total}
        onChange={(next) => changePage(next)}
        testId="device-events-pagination"
      />
    </Spin>
  );
}
