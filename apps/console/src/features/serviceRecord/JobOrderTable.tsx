import { useMemo } from 'react';
import { Button, Table, Tag, type TableColumnProps } from '@arco-design/web-react';
import { IconDownload, IconEye, IconList } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import { Layout, type JobOrderRecord, type ServiceType } from '@pest/shared';
import { useIsMobile } from '../../components/useIsMobile.ts';
import { columnWidth, textWidth } from '../../components/DynamicTable/index.ts';
import { fitColumnWidths } from './fitColumnWidths.ts';
import { JobOrderEndCell } from './JobOrderEndCell.tsx';
import { useAvailableWidth } from './useAvailableWidth.ts';

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
/** A text button: 6px padding a side, a 14px icon and its 4px gap. */
const ACTION_CHROME = 28;
/** A tag's text is 12px: 6/7 of the 14px estimate, plus its padding and border. */
const tagWidth = (label: string) => Math.ceil((textWidth(label) * 6) / 7) + 18;
const CELL_PADDING = 32;
const SELECTION_WIDTH = 40;
/** The table's own border, left and right. */
const TABLE_BORDER = 2;
/** The long texts take the room a wide screen has to spare. */
const FLEXIBLE_FIELDS: ReadonlySet<unknown> = new Set(['jobOrderName', 'customerName', 'insectName']);

type SizedColumn = TableColumnProps<JobOrderRecord> & { width: number };

/** The job-order rows (console-spec screen 10), with a checkbox each for batch download. */
export function JobOrderTable({ records, selectedIds, onSelect, onPreview, onDownload, onPointCheck }: JobOrderTableProps) {
  const { t } = useTranslation(['serviceRecord']);
  // On a phone the pinned columns would leave no room for the rest: the code scrolls and actions are icons.
  const compact = useIsMobile();
  const [measure, availableWidth] = useAvailableWidth<HTMLDivElement>();

  const columns = useMemo((): SizedColumn[] => {
    const actions = [
      { key: 'preview', icon: <IconEye />, run: onPreview },
      { key: 'download', icon: <IconDownload />, run: onDownload },
      { key: 'pointCheck', icon: <IconList />, run: onPointCheck },
    ] as const;
    const typeLabel = (type: ServiceType) => t(`serviceRecord:type.${type}`);
    const actionsWidth = CELL_PADDING + actions.reduce((sum, { key }) => sum + ACTION_CHROME + textWidth(t(`serviceRecord:${key}`)), 0);
    return [
      { title: t('serviceRecord:code'), dataIndex: 'code', width: 160, fixed: compact ? undefined : 'left' },
      { title: t('serviceRecord:jobOrderName'), dataIndex: 'jobOrderName', width: 230, ellipsis: true, tooltip: true },
      { title: t('serviceRecord:store'), dataIndex: 'customerName', width: 220, ellipsis: true, tooltip: true },
      { title: t('serviceRecord:staffName'), dataIndex: 'advocateStaffName', width: widthFor(t('serviceRecord:staffName'), 100) },
      {
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
      { title: t('serviceRecord:serviceContent'), dataIndex: 'insectName', width: widthFor(t('serviceRecord:serviceContent'), 200), ellipsis: true, tooltip: true },
      { title: t('serviceRecord:actualStart'), dataIndex: 'realityStartTime', width: widthFor(t('serviceRecord:actualStart'), 170) },
      {
        title: t('serviceRecord:actualEnd'),
        dataIndex: 'realityEndTime',
        width: widthFor(t('serviceRecord:actualEnd'), 170),
        render: (_: string | null, record: JobOrderRecord) => <JobOrderEndCell record={record} />,
      },
      {
        title: t('serviceRecord:actions'),
        key: 'actions',
        fixed: 'right',
        width: compact ? 112 : actionsWidth,
        render: (_: unknown, record: JobOrderRecord) => (
          <div className="job-order-actions">
            {actions.map(({ key, icon, run }) => (
              <Button
                key={key}
                type="text"
                size="small"
                icon={icon}
                aria-label={t(`serviceRecord:${key}`)}
                onClick={() => run(record)}
                data-testid={`report-${key}`}
              >
                {compact ? null : t(`serviceRecord:${key}`)}
              </Button>
            ))}
          </div>
        ),
      },
    ];
  }, [t, compact, onPreview, onDownload, onPointCheck]);
  // The virtual body lays columns out at their exact widths and a wider table would stretch only the
  // header, so the widths themselves grow to fill the room, and the table is exactly as wide as they are.
  const fitted = useMemo(() => {
    const widths = fitColumnWidths(
      [SELECTION_WIDTH, ...columns.map((column) => column.width)],
      [false, ...columns.map((column) => FLEXIBLE_FIELDS.has(column.dataIndex))],
      availableWidth - TABLE_BORDER,
    );
    return {
      columns: columns.map((column, index) => ({ ...column, width: widths[index + 1]! })),
      width: widths.reduce((sum, width) => sum + width, 0),
    };
  }, [columns, availableWidth]);

  return (
    <div ref={measure}>
      <Table<JobOrderRecord>
        className="job-order-table"
        data-testid="job-order-table"
        rowKey="id"
        onRow={(record) => ({ 'data-testid': 'job-order-row', 'data-job-id': record.id })}
        columns={fitted.columns}
        data={[...records]}
        pagination={false}
        // 500 rows a page: only the visible ones are rendered, so ticking a checkbox stays instant. Without
        // rows the plain table is kept, whose empty body scrolls sideways with the header.
        virtualized={records.length > 0}
        border={{ wrapper: true, cell: false }}
        scroll={{ x: fitted.width, y: Layout.tableHeight }}
        rowSelection={{
          type: 'checkbox',
          fixed: true,
          columnWidth: SELECTION_WIDTH,
          selectedRowKeys: [...selectedIds],
          onChange: (_keys, rows) => onSelect(rows),
        }}
      />
    </div>
  );
}
