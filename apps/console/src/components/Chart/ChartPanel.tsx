import type { ReactNode } from 'react';
import './Chart.css';

interface ChartPanelProps {
  title?: ReactNode;
  /** Controls beside the title (a toggle, an export button). */
  extra?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/** A chart screen's white panel under the filter form: a title bar and its charts. */
export function ChartPanel({ title, extra, children, testId }: ChartPanelProps) {
  return (
    <section className="chart-panel" data-testid={testId}>
      {(title || extra) && (
        <header className="chart-panel-header">
          {title && <h2 className="chart-panel-title">{title}</h2>}
          {extra}
        </header>
      )}
      {children}
    </section>
  );
}
