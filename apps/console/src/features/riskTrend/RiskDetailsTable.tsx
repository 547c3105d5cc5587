import { useMemo } from 'react';
import { Table, type TableColumnProps } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { Layout, RISK_DETAIL_COLUMNS, RiskStatus, type RiskDetailRow } from '@pest/shared';
import { columnWidth } from '../../components/DynamicTable/index.ts';
import { PhotoCountButton } from '../../widgets/photos/PhotoCountButton.tsx';
import { RiskAgeing } from '../../widgets/risks/RiskAgeing.tsx';

/** The spec's columns in its order; the row's id is a key, not a column, and overdue shows with the age. */
type ColumnProp = Exclude<keyof RiskDetailRow, 'id' | 'overdue'>;
const COLUMN_PROPS = RISK_DETAIL_COLUMNS.map((column) => column.prop).filter((prop): prop is ColumnProp => prop !== 'id' && prop !== 'overdue');

type PhotoField = 'pictures' | 'solvedPictures';
const isPhotoField = (prop: keyof RiskDetailRow): prop is PhotoField => prop === 'pictures' || prop === 'solvedPictures';

/** Free text gets room and an ellipsis with its full text on hover. */
const LONG_FIELDS: ReadonlySet<keyof RiskDetailRow> = new Set(['riskDesc', 'issueDesc', 'advice', 'followUpMeasure']);
const TIME_FIELDS: ReadonlySet<keyof RiskDetailRow> = new Set(['dateOfOccurrence', 'solvedDateOfOccurrence', 'createTime']);

function widthOf(prop: keyof RiskDetailRow, title: string): number {
  if (LONG_FIELDS.has(prop)) return 200;
  if (TIME_FIELDS.has(prop)) return 170;
  if (prop === 'riskNumber') return 190;
  return Math.max(columnWidth(title), 110);
}

interface RiskDetailsTableProps {
  rows: readonly RiskDetailRow[];
  onPhotos(title: string, photos: readonly string[]): void;
}

/** The risk dialog's table (console-spec screen 12): every column in the spec's order, 500px high, photos as buttons. */
export function RiskDetailsTable({ rows, onPhotos }: RiskDetailsTableProps) {
  const { t } = useTranslation(['charts']);
  const columns = useMemo(
    () =>
      COLUMN_PROPS.map((prop): TableColumnProps<RiskDetailRow> => {
        const title = t(`charts:riskColumns.${prop}`);
        const long = LONG_FIELDS.has(prop);
        return {
          key: prop,
          dataIndex: prop,
          title,
          width: widthOf(prop, title),
          align: isPhotoField(prop) ? 'center' : undefined,
          ellipsis: long,
          tooltip: long,
          render: (value: unknown, row: RiskDetailRow) => {
            if (prop === 'ageDays') return <RiskAgeing row={{ ...row, status: row.dateOfOccurrence === null ? RiskStatus.exists : RiskStatus.rectified }} />;
            if (isPhotoField(prop)) {
              const photos = row[prop];
              return <PhotoCountButton photos={photos} label={title} onOpen={() => onPhotos(title, photos)} testId={`risk-detail-${prop}`} />;
            }
            return value === null || value === '' ? <span className="risk-detail-missing">—</span> : String(value);
          },
        };
      }),
    [t, onPhotos],
  );
  const width = columns.reduce((sum, column) => sum + Number(column.width), 0);

  return (
    <Table<RiskDetailRow>
      rowKey="id"
      columns={columns}
      data={[...rows]}
      pagination={false}
      border
      scroll={{ x: width, y: Layout.tableHeight }}
      className="risk-details-table"
      data-testid="risk-details-table"
      onRow={(row) => ({ 'data-testid': 'risk-detail-row', 'data-risk-id': row.id })}
    />
  );
}
