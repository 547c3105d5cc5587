import { useMemo } from 'react';
import { Button, Tag } from '@arco-design/web-react';
import { IconDownload, IconEye, IconList } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { JobOrderState, type JobOrderRecord, type ServiceType } from '@pest/shared';
import { CELL_CHROME, DataTable, storeColumn, tableTextMeasure, type DataColumn } from '../../components/DataTable/index.ts';
import { columnWidth, textWidth } from '../../components/DynamicTable/index.ts';
import { JobOrderEndCell } from './JobOrderEndCell.tsx';

interface JobOrderTableProps {
  records: readonly JobOrderRecord[];
  selectedIds: readonly number[];
  onSelect(records: JobOrderRecord[]): void;
  onPreview(record: JobOrderRecord): void;
  onDownload(record: JobOrderRecord): void;
  onPointCheck(record: JobOrderRecord): void;
}

/** Tag colours that tell the service types apart at a glance. */
const SERVICE_TYPE_COLORS: Record<ServiceType, string> = {
  0: 'arcoblue',
  1: 'red',
  2: 'green',
  3: 'orange',
  4: 'gray',
};

const isServiceType = (type: number): type is ServiceType => type in SERVICE_TYPE_COLORS;
const SERVICE_TYPES = Object.keys(SERVICE_TYPE_COLORS).map(Number).filter(isServiceType);

/** At least `base`, and wide enough for the title in any language. */
const widthFor = (title: string, base: number) => Math.max(base, columnWidth(title));
/** A small text button: 6px padding a side, a 14px icon and its 4px gap; the buttons stand 2px apart. */
const ACTION_CHROME = 30;
const ACTION_GAP = 2;
/** A tag's text is 12px: 6/7 of the 14px estimate, plus its padding and border. */
const tagWidth = (label: string) => Math.ceil((textWidth(label) * 6) / 7) + 18;
const CELL_PADDING = 32;

/**
 * The job-order rows (console-spec screen 10), with a checkbox each for batch download. The code,
 * store, name, start and end come first so they are on screen at 1366 px; the rest follow.
 */
export function JobOrderTable({ records, selectedIds, onSelect, onPreview, onDownload, onPointCheck }: JobOrderTableProps) {
  const { t } = useTranslation(['serviceRecord']);

  const columns = useMemo((): DataColumn<JobOrderRecord>[] => {
    const actions = [
      { key: 'preview', icon: <IconEye />, run: onPreview },
      { key: 'download', icon: <IconDownload />, run: onDownload },
      { key: 'pointCheck', icon: <IconList />, run: onPointCheck },
    ] as const;
    const typeLabel = (type: ServiceType) => t(`serviceRecord:type.${type}`);
    const measure = tableTextMeasure();
    const actionsWidth = Math.ceil(
      CELL_CHROME + actions.reduce((sum, { key }) => sum + ACTION_CHROME + ACTION_GAP + measure(t(`serviceRecord:${key}`)), 0),
    );
    return [
      { key: 'code', title: t('serviceRecord:code'), dataIndex: 'code', width: 120, pin: 'left', cellText: (record) => record.code },
      storeColumn({ key: 'customerName', title: t('serviceRecord:store'), name: (record) => record.customerName }),
      { key: 'jobOrderName', title: t('serviceRecord:jobOrderName'), dataIndex: 'jobOrderName', width: 140, maxWidth: 230, flexible: true, cellText: (record) => record.jobOrderName },
      { key: 'realityStartTime', title: t('serviceRecord:actualStart'), dataIndex: 'realityStartTime', width: 120, cellText: (record) => record.realityStartTime },
      {
        key: 'realityEndTime',
        title: t('serviceRecord:actualEnd'),
        dataIndex: 'realityEndTime',
        width: 120,
        cellText: (record) => (record.state === JobOrderState.done ? (record.realityEndTime ?? '') : t(`serviceRecord:state.${record.state}`)),
        ellipsis: false,
        tooltip: false,
        render: (_: string | null, record: JobOrderRecord) => <JobOrderEndCell record={record} />,
      },
      { key: 'advocateStaffName', title: t('serviceRecord:staffName'), dataIndex: 'advocateStaffName', width: widthFor(t('serviceRecord:staffName'), 100) },
      {
        key: 'type',
        title: t('serviceRecord:serviceType'),
        dataIndex: 'type',
        width: widthFor(t('serviceRecord:serviceType'), CELL_PADDING + Math.max(...SERVICE_TYPES.map((type) => tagWidth(typeLabel(type))))),
        render: (type: number) =>
          isServiceType(type) ? (
            <Tag color={SERVICE_TYPE_COLORS[type]} bordered>
              {typeLabel(type)}
            </Tag>
          ) : null,
      },
      { key: 'insectName', title: t('serviceRecord:serviceContent'), dataIndex: 'insectName', width: widthFor(t('serviceRecord:serviceContent'), 120), maxWidth: 200, flexible: true, cellText: (record) => record.insectName },
      {
        key: 'actions',
        title: t('serviceRecord:actions'),
        pin: 'right',
        width: actionsWidth,
        render: (_: unknown, record: JobOrderRecord) => (
          <div className="job-order-actions">
            {actions.map(({ key, icon, run }) => (
              <Button key={key} type="text" size="small" icon={icon} onClick={() => run(record)} data-testid={`report-${key}`}>
                {t(`serviceRecord:${key}`)}
              </Button>
            ))}
          </div>
        ),
      },
    ];
  }, [t, onPreview, onDownload, onPointCheck]);

  return (
    <DataTable<JobOrderRecord>
      tableId="jobOrders"
      testId="job-order-table"
      className="job-order-table"
      rowKey="id"
      rowAttributes={(record) => ({ 'data-testid': 'job-order-row', 'data-job-id': record.id })}
      columns={columns}
      data={records}
      pagination={false}
      // 500 rows a page: only the visible ones are rendered, so ticking a checkbox stays instant. Without
      // rows the plain table is kept, whose empty body scrolls sideways with the header. The virtual body
      // lays columns out at their exact widths, which is why DataTable fits the widths to the room.
      virtualized={records.length > 0}
      border={{ wrapper: true, cell: false }}
      rowSelection={{ selectedKeys: selectedIds, onChange: onSelect, label: (record) => record.code }}
    />
  );
}
