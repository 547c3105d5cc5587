import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, Empty, Spin } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { DataColumn } from './DataTable.tsx';

/**
 * Cards drawn at first, and added each time the reader nears the end: the job-order list's fixed
 * page of 500 was 500 cards of buttons and checkboxes at once, seconds of a phone's time to draw
 * and to scroll through.
 */
export const CARD_BATCH = 50;

/** A row's data-testid and ids. */
export type RowAttributes = Record<`data-${string}`, string | number>;

interface DataCardsProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  /** Pinned-left columns head the card, the others follow as label and value, pinned-right ones close it. */
  columns: readonly DataColumn<T>[];
  loading?: boolean;
  emptyText?: string;
  selection?: {
    selected: ReadonlySet<string | number>;
    label: (row: T) => string;
    disabled?: (row: T) => boolean;
    onToggle(row: T, checked: boolean): void;
  };
  /** The row's own attributes (its data-testid and ids): a card is found as its row is. */
  rowAttributes?(row: T): RowAttributes;
  rowClassName?(row: T): string;
  /** More of the row, at the card's end. */
  expanded?(row: T): ReactNode;
  testId: string;
}

function cellOf<T>(column: DataColumn<T>, row: T, index: number): ReactNode {
  const value = column.dataIndex ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
  if (column.render) return column.render(value, row, index);
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** A value with nothing to say: a card leaves its field out (a phone's alarm card was ~700 px, mostly "—"). */
const isBlank = (text: string) => text === '' || text === '—';

/** Whether the row has nothing in the column: by its text (`cellText`), else by its value when it shows the value as is. */
function isEmptyCell<T>(column: DataColumn<T>, row: T): boolean {
  if (column.cellText) {
    const text = column.cellText(row);
    return typeof text === 'string' ? isBlank(text) : text.every(isBlank);
  }
  if (column.render) return false;
  const value = column.dataIndex ? (row as Record<string, unknown>)[column.dataIndex] : undefined;
  return value === null || value === undefined || value === '';
}

/** Below 992px a row is a card: a phone shows every key field without scrolling sideways, and no empty ones. */
export function DataCards<T>({
  rows,
  rowKey,
  columns,
  loading = false,
  emptyText,
  selection,
  rowAttributes,
  rowClassName,
  expanded,
  testId,
}: DataCardsProps<T>) {
  const { t } = useTranslation();
  // A new page of rows (another length or first row) starts again from its first batch.
  const pageKey = `${rows.length}:${rows.length > 0 ? rowKey(rows[0]!) : ''}`;
  const [progress, setProgress] = useState({ pageKey, shown: CARD_BATCH });
  const shown = progress.pageKey === pageKey ? progress.shown : CARD_BATCH;
  const hidden = rows.length - shown;
  const showMore = useCallback(() => setProgress({ pageKey, shown: shown + CARD_BATCH }), [pageKey, shown]);
  const more = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = more.current;
    if (!sentinel || hidden <= 0) return;
    // Nearing the end draws the next batch before the reader gets there; the button stays for keyboards.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) showMore();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hidden, showMore]);
  const head = columns.filter((column) => column.pin === 'left');
  const body = columns.filter((column) => !column.pin);
  const foot = columns.filter((column) => column.pin === 'right');
  return (
    <Spin loading={loading} block>
      <ul className="data-cards" data-testid={`${testId}-cards`}>
        {rows.slice(0, shown).map((row, index) => (
          <li key={rowKey(row)} data-testid={`${testId}-card`} {...rowAttributes?.(row)} className={['data-card', rowClassName?.(row)].filter(Boolean).join(' ')}>
            <div className="data-card-head">
              {selection && (
                <Checkbox
                  checked={selection.selected.has(rowKey(row))}
                  aria-label={selection.label(row)}
                  disabled={selection.disabled?.(row) ?? false}
                  onChange={(checked: boolean) => selection.onToggle(row, checked)}
                />
              )}
              {head.map((column) => (
                <div key={column.key} className="data-card-title">
                  {cellOf(column, row, index)}
                </div>
              ))}
            </div>
            <dl className="data-card-fields">
              {body
                .filter((column) => !isEmptyCell(column, row))
                .map((column) => (
                  <div key={column.key} className="data-card-field">
                    <dt>{column.title}</dt>
                    <dd>{cellOf(column, row, index)}</dd>
                  </div>
                ))}
            </dl>
            {foot.length > 0 && (
              <div className="data-card-foot">
                {foot.map((column) => (
                  <div key={column.key}>{cellOf(column, row, index)}</div>
                ))}
              </div>
            )}
            {expanded?.(row)}
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <div ref={more} className="data-cards-more">
          <Button long onClick={showMore} data-testid={`${testId}-more`}>
            {t('common:moreCards', { count: Math.min(hidden, CARD_BATCH), shown, total: rows.length })}
          </Button>
        </div>
      )}
      {rows.length === 0 && !loading && <Empty description={emptyText} />}
    </Spin>
  );
}
