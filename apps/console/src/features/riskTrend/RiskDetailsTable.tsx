import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_DETAIL_COLUMNS, RiskStatus, type RiskDetailRow } from '@pest/shared';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';
import { columnWidth } from '../../components/DynamicTable/index.ts';
import { PhotoCountButton } from '../../widgets/photos/PhotoCountButton.tsx';
import { RiskAgeing } from '../../widgets/risks/RiskAgeing.tsx';

/** The spec's columns in its order; the row's id is a key, not a column, and overdue shows with the age. */
type ColumnProp = Exclude<keyof RiskDetailRow, 'id' | 'overdue'>;
const COLUMN_PROPS = RISK_DETAIL_COLUMNS.map((column) => column.prop).filter((prop): prop is ColumnProp => prop !== 'id' && prop !== 'overdue');

type PhotoField = 'pictures' | 'solvedPictures';
const isPhotoField = (prop: keyof RiskDetailRow): prop is PhotoField => prop === 'pictures' || prop === 'solvedPictures';

/** Free text takes the room the dialog has to spare, and beyond 240px an ellipsis with its full text on hover. */
const LONG_FIELDS: ReadonlySet<keyof RiskDetailRow> = new Set(['riskDesc', 'issueDesc', 'advice', 'followUpMeasure']);
/** The spec's first three columns and the store among them, pinned: what and where stay in view while the rest scroll. */
const PINNED_FIELDS: ReadonlySet<keyof RiskDetailRow> = new Set(['pictures', 'customerName', 'insectPestName', 'riskNumber']);
const MAX_WIDTH = 240;
/** Pinned, the store takes room from the columns that scroll: as wide as the service report list's, a longer name in full on hover. */
const STORE_MAX_WIDTH = 220;

const textOf = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : String(value));

/** A risk in the dialog is open until it has a rectification time. */
const ageingOf = (row: RiskDetailRow) => ({ ...row, status: row.dateOfOccurrence === null ? RiskStatus.exists : RiskStatus.rectified });
/** The age's text (`已开 12 天`, `整改用时 3 天`) and the 超期 tag beside it. */
const AGEING_WIDTH = 150;

interface RiskDetailsTableProps {
  rows: readonly RiskDetailRow[];
  onPhotos(title: string, photos: readonly string[]): void;
}

/** The risk dialog's table (console-spec screen 12): every column in the spec's order, 500px high, photos as buttons. */
export function RiskDetailsTable({ rows, onPhotos }: RiskDetailsTableProps) {
  const { t } = useTranslation(['charts']);
  const columns = useMemo(
    () =>
      COLUMN_PROPS.map((prop): DataColumn<RiskDetailRow> => {
        const title = t(`charts:riskColumns.${prop}`);
        const pin = PINNED_FIELDS.has(prop) ? 'left' : undefined;
        if (prop === 'ageDays') return { key: prop, title, width: AGEING_WIDTH, pin, render: (_, row) => <RiskAgeing row={ageingOf(row)} /> };
        if (isPhotoField(prop)) {
          return {
            key: prop,
            title,
            width: columnWidth(title),
            align: 'center',
            pin,
            render: (_, row) => <PhotoCountButton photos={row[prop]} label={title} onOpen={() => onPhotos(title, row[prop])} testId={`risk-detail-${prop}`} />,
          };
        }
        return {
          key: prop,
          dataIndex: prop,
          title,
          width: 60,
          maxWidth: prop === 'customerName' ? STORE_MAX_WIDTH : MAX_WIDTH,
          pin,
          flexible: LONG_FIELDS.has(prop),
          cellText: (row) => textOf(row[prop]),
          render: (value: unknown) => (value === null || value === '' ? <span className="risk-detail-missing">—</span> : String(value)),
        };
      }),
    [t, onPhotos],
  );

  return (
    <DataTable<RiskDetailRow>
      tableId="riskDetails"
      testId="risk-details-table"
      rowKey="id"
      columns={columns}
      data={rows}
      pagination={false}
      border
      className="risk-details-table"
      rowAttributes={(row) => ({ 'data-testid': 'risk-detail-row', 'data-risk-id': row.id })}
    />
  );
}
