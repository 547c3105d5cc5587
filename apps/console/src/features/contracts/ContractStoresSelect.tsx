import { useState } from 'react';
import { Select } from '@arco-design/web-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { contractQueries } from '../../api/contracts.ts';
import { useDebouncedValue } from '../../components/FilterForm/useDebouncedValue.ts';

interface ContractStoresSelectProps {
  /** The contract's customer: its stores are offered (itself, when it is a store). */
  customerId: number;
  value: number[];
  names: string[];
  onChange(ids: number[], names: string[]): void;
  placeholder: string;
  testId: string;
}

/** The stores of one service of a contract: active stores under its customer, searched on the server by name or code. */
export function ContractStoresSelect({ customerId, value, names, onChange, placeholder, testId }: ContractStoresSelectProps) {
  const [keyword, setKeyword] = useState('');
  const searched = useDebouncedValue(keyword.trim(), 400);
  const found = useQuery({ ...contractQueries.stores(customerId, searched), placeholderData: keepPreviousData });
  const listed = (found.data?.records ?? []).map((store) => ({ value: store.id, label: store.name }));
  // The chosen ones stay named while a search shows others.
  const chosen = value.filter((id) => !listed.some((option) => option.value === id)).map((id) => ({ value: id, label: names[value.indexOf(id)] ?? String(id) }));
  const options = [...chosen, ...listed];
  return (
    <Select
      mode="multiple"
      showSearch
      allowClear
      filterOption={false}
      onSearch={setKeyword}
      loading={found.isFetching}
      placeholder={placeholder}
      aria-label={placeholder}
      value={value}
      options={options}
      maxTagCount={6}
      onChange={(ids: number[]) => onChange(ids, ids.map((id) => options.find((option) => option.value === id)?.label ?? String(id)))}
      data-testid={testId}
    />
  );
}
