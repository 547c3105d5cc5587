import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A framed panel with its title; `empty` shows an explicit no-data state instead of made-up numbers. */
export function Panel({ title, extra, className, empty = false, children }: { title: ReactNode; extra?: ReactNode; className?: string; empty?: boolean; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className={`panel ${className ?? ''}`}>
      <header className="panel-title">
        <h2>{title}</h2>
        {extra}
      </header>
      <div className="panel-body">
        {children}
        {empty && (
          <div className="no-data" data-testid="no-data">
            {t('noData')}
          </div>
        )}
      </div>
    </section>
  );
}
