import type { ReactNode } from 'react';
import './ListScreen.css';

interface ListScreenProps {
  /** The filters and their 查询 and 重置, in a row above the list; none for a list short enough to show whole. */
  filters?: ReactNode;
  title: string;
  /** Beside the title: a note or the list's own actions. */
  extra?: ReactNode;
  testId: string;
  /** The table and its pagination. */
  children: ReactNode;
}

/** A log or list screen: a panel of filters, then the list's panel with its title. */
export function ListScreen({ filters, title, extra, testId, children }: ListScreenProps) {
  return (
    <section className="list-screen" data-testid={testId}>
      {filters !== undefined && <div className="list-screen-filters">{filters}</div>}
      <div className="list-screen-panel">
        <div className="list-screen-toolbar">
          <h2 className="list-screen-title">{title}</h2>
          {extra}
        </div>
        {children}
      </div>
    </section>
  );
}
