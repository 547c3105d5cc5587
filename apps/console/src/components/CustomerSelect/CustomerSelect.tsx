import { useState } from 'react';
import { Select } from '@arco-design/web-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerPathLabel, type CustomerKind } from '@pest/shared';
import { customerQueries } from '../../api/customers.ts';
import { useDebouncedValue } from '../FilterForm/useDebouncedValue.ts';

interface CustomerSelectProps {
  /** The kinds offered: organisations and groups for a parent, stores for a plan. */
  kinds: readonly CustomerKind[];
  value: number | null;
  /** The chosen node's name before the options arrive. */
  label: string;
  onChange(id: number, label: string): void;
  /** Given: the choice may be cleared (a filter, or an account that is no customer's). */
  onClear?(): void;
  placeholder: string;
  testId: string;
}

/** One active node of the customer tree, searched on the server by name or code, named by its place in the tree. */
export function CustomerSelect({ kinds, value, label, onChange, onClear, placeholder, testId }: CustomerSelectProps) {
  const [keyword, setKeyword] = useState('');
  const searched = useDebouncedValue(keyword.trim(), 400);
  const found = useQuery({ ...customerQueries.options(kinds, searched), placeholderData: keepPreviousData });
  const listed = (found.data?.records ?? []).map((node) => ({ value: node.id, label: customerPathLabel(node) }));
  const options = value !== null && !listed.some((option) => option.value === value) ? [{ value, label }, ...listed] : listed;
  return (
    <Select
      data-testid={testId}
      showSearch
      allowClear={onClear !== undefined}
      filterOption={false}
      onSearch={setKeyword}
      loading={found.isFetching}
      placeholder={placeholder}
      aria-label={placeholder}
      value={value ?? undefined}
      options={options}
      onChange={(id?: number) => (id === undefined ? onClear?.() : onChange(id, options.find((option) => option.value === id)?.label ?? ''))}
    />
  );
}
