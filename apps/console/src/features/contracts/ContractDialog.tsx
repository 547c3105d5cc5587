import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Link, Message, Select } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import {
  ContractEndpoints,
  ContractLimits,
  ContractState,
  CustomerKind,
  TEMPLATES_OF_TRANSACTION,
  TOAST_DURATION_MS,
  TransactionType,
  type Contract,
  type ReportTemplateType,
} from '@pest/shared';
import { contractKeys } from '../../api/contracts.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { CustomerSelect } from '../../components/CustomerSelect/index.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { ImageUpload } from '../../components/ImageUpload/index.ts';
import { contractBody, contractValuesOf, newContractValues, newItem, type ContractItemValues, type ContractValues } from './contractForm.ts';
import { ContractStoresSelect } from './ContractStoresSelect.tsx';

interface ContractDialogProps {
  /** The contract to edit; none for a new one. */
  editing?: Contract;
  onClose(): void;
}

const CUSTOMER_KINDS = [CustomerKind.organisation, CustomerKind.group, CustomerKind.store] as const;
const TRANSACTION_TYPES = Object.values(TransactionType);

/**
 * Draft or amend a contract: whose, its number and name, when signed and for how long, its
 * services (type, stores, visits a month, report layout), amount, scanned pages and remark. An
 * active contract keeps its customer; saving it sets its stores' plans again (the server's work).
 */
export function ContractDialog({ editing, onClose }: ContractDialogProps) {
  const { t } = useTranslation(['contracts']);
  const [values, setValues] = useState<ContractValues>(() => (editing ? contractValuesOf(editing) : newContractValues()));
  const saving = useEndpointMutation(ContractEndpoints.save, { success: () => t('contracts:saved'), invalidates: () => [contractKeys.all] });
  const set = (patch: Partial<ContractValues>) => setValues((current) => ({ ...current, ...patch }));
  const setItem = (index: number, patch: Partial<ContractItemValues>) => set({ items: values.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) });
  const unusedType = TRANSACTION_TYPES.find((type) => !values.items.some((item) => item.transactionType === type));

  const save = () => {
    const check = contractBody(values, editing);
    if (!check.ok) {
      Message.error({ content: t(`contracts:problem.${check.problem}`), duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onClose });
  };

  return (
    <FormModal title={editing ? t('contracts:editTitle') : t('contracts:addTitle')} width={720} saving={saving.isPending} onCancel={onClose} onSave={save} testId="contract">
      <Form.Item label={t('contracts:customer')} required>
        {editing?.state === ContractState.active ? (
          <Input value={values.customerLabel} disabled aria-label={t('contracts:customer')} />
        ) : (
          <CustomerSelect
            kinds={CUSTOMER_KINDS}
            value={values.customerId}
            label={values.customerLabel}
            // Another customer's stores are not this one's: the services start again.
            onChange={(customerId, customerLabel) => set({ customerId, customerLabel, items: values.items.map((item) => ({ ...item, customerIds: [], customerNames: [] })) })}
            placeholder={t('contracts:chooseCustomer')}
            testId="contract-customer-input"
          />
        )}
      </Form.Item>
      <Form.Item label={t('contracts:code')} required>
        <Input value={values.code} maxLength={ContractLimits.code} onChange={(code) => set({ code })} aria-label={t('contracts:code')} data-testid="contract-code-input" />
      </Form.Item>
      <Form.Item label={t('contracts:name')} required>
        <Input value={values.name} maxLength={ContractLimits.name} onChange={(name) => set({ name })} aria-label={t('contracts:name')} data-testid="contract-name-input" />
      </Form.Item>
      <Form.Item label={t('contracts:signedDate')} required>
        <DatePicker value={values.signedDate || undefined} onChange={(day: string) => set({ signedDate: day ?? '' })} style={{ width: '100%' }} data-testid="contract-signed-input" />
      </Form.Item>
      {(['startDate', 'endDate'] as const).map((field) => (
        <Form.Item key={field} label={t(`contracts:${field}`)} required>
          <DatePicker value={values[field] || undefined} onChange={(day: string) => set({ [field]: day ?? '' })} style={{ width: '100%' }} data-testid={`contract-${field}-input`} />
        </Form.Item>
      ))}
      <Form.Item label={t('contracts:items')} required>
        {values.items.map((item, index) => (
          <div key={item.transactionType} className="contracts-item" data-testid="contract-item">
            <Select
              aria-label={t('contracts:transactionType')}
              value={item.transactionType}
              onChange={(type: TransactionType) => setItem(index, { ...newItem(type), customerIds: item.customerIds, customerNames: item.customerNames, visitsPerMonth: item.visitsPerMonth })}
              options={TRANSACTION_TYPES.map((type) => ({ value: type, label: t(`contracts:transactionTypes.${type}`), disabled: type !== item.transactionType && values.items.some((other) => other.transactionType === type) }))}
              data-testid="contract-item-type"
            />
            <Select
              aria-label={t('contracts:reportTemplate')}
              value={item.reportTemplateType}
              onChange={(reportTemplateType: ReportTemplateType) => setItem(index, { reportTemplateType })}
              options={TEMPLATES_OF_TRANSACTION[item.transactionType].map((template) => ({ value: template, label: t(`contracts:reportTemplates.${template}`) }))}
              data-testid="contract-item-template"
            />
            <InputNumber
              aria-label={t('contracts:visitsPerMonth')}
              prefix={t('contracts:visitsPerMonth')}
              min={1}
              max={31}
              precision={0}
              value={item.visitsPerMonth}
              onChange={(visitsPerMonth?: number) => setItem(index, { visitsPerMonth: visitsPerMonth ?? 1 })}
              data-testid="contract-item-visits"
            />
            <div className="contracts-item-stores">
              {values.customerId !== null && (
                <ContractStoresSelect
                  customerId={values.customerId}
                  value={item.customerIds}
                  names={item.customerNames}
                  onChange={(customerIds, customerNames) => setItem(index, { customerIds, customerNames })}
                  placeholder={t('contracts:chooseStores')}
                  testId="contract-item-stores"
                />
              )}
            </div>
            {values.items.length > 1 && (
              <Button className="contracts-item-remove" type="text" size="mini" status="danger" onClick={() => set({ items: values.items.filter((_, i) => i !== index) })}>
                {t('contracts:removeItem')}
              </Button>
            )}
          </div>
        ))}
        {unusedType !== undefined && values.items.length < ContractLimits.items && (
          <Button type="dashed" long icon={<IconPlus />} onClick={() => set({ items: [...values.items, newItem(unusedType)] })} data-testid="contract-item-add">
            {t('contracts:addItem')}
          </Button>
        )}
      </Form.Item>
      <Form.Item label={t('contracts:amount')} required>
        <InputNumber
          aria-label={t('contracts:amount')}
          min={0}
          max={ContractLimits.amount}
          precision={2}
          value={values.amount}
          onChange={(amount?: number) => set({ amount })}
          style={{ width: '100%' }}
          data-testid="contract-amount-input"
        />
      </Form.Item>
      <Form.Item label={t('contracts:attachments')} extra={t('contracts:attachmentsHint')}>
        <div className="contracts-attachments">
          {values.attachments.map((url, index) => (
            <span key={url}>
              <Link href={url} target="_blank" rel="noreferrer">
                {t('contracts:attachmentOpen')} {index + 1}
              </Link>
              <Button type="text" size="mini" status="danger" onClick={() => set({ attachments: values.attachments.filter((other) => other !== url) })}>
                {t('contracts:attachmentRemove')}
              </Button>
            </span>
          ))}
        </div>
        {values.attachments.length < ContractLimits.attachments && (
          <ImageUpload key={values.attachments.length} value={null} onChange={(url) => url && set({ attachments: [...values.attachments, url] })} accept="documents" testId="contract-attachment-input" />
        )}
      </Form.Item>
      <Form.Item label={t('contracts:remark')}>
        <Input.TextArea value={values.remark} maxLength={ContractLimits.remark} onChange={(remark) => set({ remark })} aria-label={t('contracts:remark')} data-testid="contract-remark-input" />
      </Form.Item>
    </FormModal>
  );
}
