import { Pagination } from '@arco-design/web-react';

export interface TablePaginationProps {
  current: number;
  pageSize: number;
  total: number;
  /** Page sizes to choose from; without them the size is fixed and no chooser shows. */
  sizeOptions?: readonly number[];
  /** A new page or size; on a new size the caller goes back to page 1. */
  onChange(current: number, pageSize: number): void;
  testId?: string;
}

/** Server-side paging under a table: total, pages, sizes and jumper (console-spec section 9). */
export function TablePagination({ current, pageSize, total, sizeOptions, onChange, testId = 'table-pagination' }: TablePaginationProps) {
  return (
    <div className="table-pagination" data-testid={testId}>
      <Pagination
        current={current}
        pageSize={pageSize}
        total={total}
        showTotal
        showJumper
        sizeCanChange={sizeOptions !== undefined}
        sizeOptions={sizeOptions ? [...sizeOptions] : undefined}
        onChange={onChange}
      />
    </div>
  );
}
