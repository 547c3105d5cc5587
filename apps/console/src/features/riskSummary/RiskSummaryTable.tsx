import { useMemo } from 'react';
import { Tag } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { RiskSummaryRow } from '@pest/shared';
import { DataTable, type DataColumn } from '../../components/DataTable/index.ts';
import { columnWidth } from '../../components/DynamicTable/index.ts';
import { PhotoCountButton } from '../../widgets/photos/PhotoCountButton.tsx';
import { RiskAgeing } from '../../widgets/risks/RiskAgeing.tsx';
import { isRiskStatus, riskStatusColor } from './riskStatus.ts';
import { RISK_SUMMARY_COLUMNS, isMissing, riskColumnWidth, type RiskColumnSpec } from './riskSummaryColumns.ts';

interface RiskSummaryTableProps {
  rows: readonly RiskSummaryRow[];
  /** Opens the photo dialog (or says there are none) for one cell's photos. */
  onPhotos(title: string, photos: readonly string[]): void;
  /** Shown before the first query, instead of an empty table's 暂无数据. */
  emptyText?: string;
}

/** The risk summary's rows (console-spec screen 3): every field of the row, status as a tag, photos as buttons. */
export function RiskSummaryTable({ rows, onPhotos, emptyText }: RiskSummaryTableProps) {
  const { t } = useTranslation(['summary']);

  const columns = useMemo(() => {
    const render = (spec: RiskColumnSpec, title: string) => (value: unknown, row: RiskSummaryRow) => {
      switch (spec.kind) {
        case 'status':
          return (
            <Tag color={riskStatusColor(row.status)} bordered data-testid="risk-status">
              {isRiskStatus(row.status) ? t(`summary:riskStatus.${row.status}`) : row.status}
            </Tag>
          );
        case 'ageing':
          return <RiskAgeing row={row} />;
        case 'photos': {
          const photos = spec.field === 'picturesList' ? row.picturesList : row.rectifyPicturesList;
          const stage = spec.field === 'picturesList' ? 'before' : 'after';
          return <PhotoCountButton photos={photos} label={title} onOpen={() => onPhotos(title, photos)} testId={`risk-photos-${stage}`} />;
        }
        default:
          return isMissing(value) ? <span className="risk-summary-missing">—</span> : String(value);
      }
    };
    return RISK_SUMMARY_COLUMNS.map((spec): DataColumn<RiskSummaryRow> => {
      const title = t(`summary:${spec.field}`);
      const long = spec.kind === 'long';
      return {
        key: spec.field,
        dataIndex: spec.field,
        title,
        width: riskColumnWidth(spec, columnWidth(title)),
        pin: spec.fixed,
        align: spec.kind === 'photos' || spec.kind === 'status' ? 'center' : undefined,
        ellipsis: long,
        tooltip: long,
        render: render(spec, title),
      };
    });
  }, [t, onPhotos]);

  return (
    <DataTable<RiskSummaryRow>
      tableId="riskSummary"
      testId="risk-summary-table"
      className="risk-summary-table"
      rowKey="id"
      rowAttributes={(row) => ({ 'data-testid': 'risk-summary-row', 'data-risk-id': row.id })}
      columns={columns}
      data={rows}
      pagination={false}
      border={{ wrapper: true, cell: true }}
      emptyText={emptyText}
    />
  );
}
