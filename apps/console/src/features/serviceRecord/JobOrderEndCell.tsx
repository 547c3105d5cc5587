import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { JobOrderState, type JobOrderRecord } from '@pest/shared';

/** Under way is news, overdue is trouble: the colours say which at a glance. */
const OPEN_STATE_COLORS: Record<Exclude<JobOrderRecord['state'], 'done'>, string> = {
  inProgress: 'arcoblue',
  overdue: 'red',
};

/**
 * 实际结束时间 of a job order: its end time once done, else where it stands, so an open visit
 * does not read as a gap in the data (the spec's columns stay as they are).
 */
export function JobOrderEndCell({ record }: { record: Pick<JobOrderRecord, 'state' | 'realityEndTime'> }) {
  const { t } = useTranslation(['serviceRecord']);
  if (record.state === JobOrderState.done) return <>{record.realityEndTime}</>;
  return (
    <Tag color={OPEN_STATE_COLORS[record.state]} bordered data-testid="job-order-state" data-state={record.state}>
      {t(`serviceRecord:state.${record.state}`)}
    </Tag>
  );
}
