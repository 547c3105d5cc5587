import type { ReactNode } from 'react';
import { Form } from '@arco-design/web-react';

interface FilterItemProps {
  label: ReactNode;
  /** Names the cell for tests and support: `filter-field-<name>`. */
  name: string;
  children: ReactNode;
}

/** One cell of the filter grid (as many columns as the form's width holds). Screens wrap their extra items in it. */
export function FilterItem({ label, name, children }: FilterItemProps) {
  return (
    <div className="filter-form-item" data-testid={`filter-field-${name}`}>
      <Form.Item label={label}>{children}</Form.Item>
    </div>
  );
}
