import { Button, Form, Input, Select } from '@arco-design/web-react';
import { IconDelete } from '@arco-design/web-react/icon';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { filterQueries } from '../../api/filterQueries.ts';
import { OrganisationSelector } from '../../components/FilterForm/organisation/OrganisationSelector.tsx';
import type { CustomerListRequest } from '../../components/FilterForm/useFilterOptions.ts';
import type { ScopeValues } from './displayLinkForm.ts';

/** Every store the user sees, unfiltered: a link's scope is not narrowed by any filter form. */
const ALL_STORES: CustomerListRequest = { query: {}, generation: 0 };

interface ScopeFieldsProps {
  index: number;
  scope: ScopeValues;
  removable: boolean;
  onChange(patch: Partial<ScopeValues>): void;
  onRemove(): void;
}

/**
 * One scope of a link: its label on the TV, the organisations or stores (the console's tree for
 * admins, the store list for everyone else) and the sales areas. The server keeps it within the
 * user's own scope.
 */
export function ScopeFields({ index, scope, removable, onChange, onRemove }: ScopeFieldsProps) {
  const { t } = useTranslation(['display']);
  const areas = useQuery(filterQueries.salesAreas());
  return (
    <fieldset className="display-scope" data-testid="display-scope">
      <legend className="display-scope-title">
        <span>{t('display:scopeNumber', { index: index + 1 })}</span>
        {removable && (
          <Button type="text" size="mini" status="danger" icon={<IconDelete />} onClick={onRemove} aria-label={t('display:removeScope')} data-testid="display-scope-remove" />
        )}
      </legend>
      <Form.Item label={t('display:scopeLabel')} extra={t('display:scopeLabelHint')}>
        <Input value={scope.label} maxLength={40} onChange={(label) => onChange({ label })} data-testid="display-scope-label" />
      </Form.Item>
      <Form.Item label={t('display:customers')} extra={t('display:customersHint')}>
        <OrganisationSelector multiple value={scope.customerIds} onChange={(customerIds) => onChange({ customerIds })} listRequest={ALL_STORES} />
      </Form.Item>
      <Form.Item label={t('display:areas')} extra={t('display:areasHint')}>
        <Select
          mode="multiple"
          allowClear
          value={scope.areaIds}
          options={(areas.data ?? []).map((area) => ({ value: area.id, label: area.name }))}
          onChange={(areaIds: number[]) => onChange({ areaIds })}
          data-testid="display-scope-areas"
        />
      </Form.Item>
    </fieldset>
  );
}
