import { useState } from 'react';
import { Form, Input, Message, Radio, Select } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CustomerKind, CustomerLimits, CustomerManagementEndpoints, TOAST_DURATION_MS, type CustomerDetail } from '@pest/shared';
import { customerKeys } from '../../api/customers.ts';
import { filterKeys, filterQueries } from '../../api/filterQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { ContactsField } from './ContactsField.tsx';
import { RegionField } from './RegionField.tsx';
import { customerBody, customerValuesOf, newCustomerValues, type CustomerValues, type NewPlace } from './customerForm.ts';
import { KIND_KEY } from './customerQuery.ts';

const PARENT_KINDS = [CustomerKind.organisation, CustomerKind.group] as const;

/** What the dialog is for: a node to edit, or where a new one goes. */
export type CustomerDialogTarget = { editing: CustomerDetail } | { place: NewPlace };

interface CustomerDialogProps {
  target: CustomerDialogTarget;
  onClose(): void;
}

/** Add or edit a node of the tree: where it is, what it is called, where it stands, and whom to call. */
export function CustomerDialog({ target, onClose }: CustomerDialogProps) {
  const { t } = useTranslation(['customers']);
  const editing = 'editing' in target ? target.editing : undefined;
  const [values, setValues] = useState<CustomerValues>(() => (editing ? customerValuesOf(editing) : newCustomerValues((target as { place: NewPlace }).place)));
  const areas = useQuery(filterQueries.salesAreas());
  // The pickers' trees and lists show the tree too: a new or moved node must be there next time.
  const saving = useEndpointMutation(CustomerManagementEndpoints.save, {
    success: () => t('customers:saved'),
    invalidates: () => [customerKeys.all, filterKeys.all],
  });
  const set = (patch: Partial<CustomerValues>) => setValues((current) => ({ ...current, ...patch }));
  const kindName = t(`customers:kindLabel.${KIND_KEY[values.kind]}`);
  const addingBelow = !editing && values.kind !== CustomerKind.organisation;

  const save = () => {
    const check = customerBody(values, editing);
    if (!check.ok) {
      Message.error({ content: check.problem, duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };

  return (
    <FormModal
      title={editing ? t('customers:editTitle', { kind: kindName }) : t('customers:addTitle', { kind: kindName })}
      width={600}
      saving={saving.isPending}
      onCancel={onClose}
      onSave={save}
      testId="customer"
    >
      {addingBelow && (
        <Form.Item label={t('customers:kind')} required>
          <Radio.Group type="button" value={values.kind} onChange={(kind: CustomerKind) => set({ kind })} data-testid="customer-kind">
            <Radio value={CustomerKind.group}>{t('customers:kindLabel.group')}</Radio>
            <Radio value={CustomerKind.store}>{t('customers:kindLabel.store')}</Radio>
          </Radio.Group>
        </Form.Item>
      )}
      {values.kind !== CustomerKind.organisation && (
        <Form.Item label={t('customers:parent')} required extra={editing ? t('customers:moveHint') : undefined}>
          <CustomerSelect
            kinds={PARENT_KINDS}
            value={values.parentId}
            label={values.parentLabel}
            onChange={(parentId, parentLabel) => set({ parentId, parentLabel })}
            placeholder={t('customers:searchParent')}
            testId="customer-parent"
          />
        </Form.Item>
      )}
      <Form.Item label={t('customers:name')} required>
        <Input value={values.name} maxLength={CustomerLimits.name} showWordLimit onChange={(name) => set({ name })} data-testid="customer-name-input" />
      </Form.Item>
      <Form.Item label={t('customers:code')} required>
        <Input value={values.code} maxLength={CustomerLimits.code} onChange={(code) => set({ code })} data-testid="customer-code" />
      </Form.Item>
      <Form.Item label={t('customers:region')}>
        <RegionField value={values.regionPath} onChange={(regionPath) => set({ regionPath })} placeholder={t('customers:choose')} testId="customer-region" />
      </Form.Item>
      <Form.Item label={t('customers:address')}>
        <Input value={values.address} maxLength={CustomerLimits.address} onChange={(address) => set({ address })} data-testid="customer-address" />
      </Form.Item>
      <Form.Item label={t('customers:area')}>
        <Select
          allowClear
          placeholder={t('customers:choose')}
          value={values.areaId}
          onChange={(areaId?: number) => set({ areaId })}
          options={(areas.data ?? []).map((area) => ({ value: area.id, label: area.name }))}
          data-testid="customer-area"
        />
      </Form.Item>
      <Form.Item label={t('customers:contacts')}>
        <ContactsField value={values.contacts} onChange={(contacts) => set({ contacts })} />
      </Form.Item>
    </FormModal>
  );
}
