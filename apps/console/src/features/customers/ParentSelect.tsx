import { useState } from 'react';
import { Select } from '@arco-design/web-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerQueries } from '../../api/customers.ts';
import { useDebouncedValue } from '../../components/FilterForm/useDebouncedValue.ts';
import { nodeLabel } from './customerForm.ts';

interface ParentSelectProps {
  value: number | null;
  /** The chosen parent's name before the options arrive. */
  label: string;
  onChange(id: number, label: string): void;
  placeholder: string;
  testId: string;
}

/** The organisation or group a node goes under: active ones, searched on the server by name or code. */
export function ParentSelect({ value, label, onChange, placeholder, testId }: ParentSelectProps) {
  const [keyword, setKeyword] = useState('');
  const searched = useDebouncedValue(keyword.trim(), 400);
  const parents = useQuery({ ...customerQueries.parents(searched), placeholderData: keepPreviousData });
  const listed = (parents.data?.records ?? []).map((node) => ({ value: node.id, label: nodeLabel(node) }));
  const options = value !== null && !listed.some((option) => option.value === value) ? [{ value, label }, ...listed] : listed;
  return (
    <Select
      data-testid={testId}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={parents.isFetching}
      placeholder={placeholder}
      value={value ?? undefined}
      options={options}
      onChange={(id: number) => onChange(id, options.find((option) => option.value === id)?.label ?? '')}
    />
  );
}
