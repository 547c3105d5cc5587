import { useState } from 'react';
import { DatePicker, Form, Input, Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { chinaDay, ContractEndpoints, ContractLimits, TOAST_DURATION_MS, type Contract } from '@pest/shared';
import { contractKeys } from '../../api/contracts.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { FormModal } from '../../components/FormModal/index.ts';

/** 终止: the reason and the last day of service (today unless chosen); visits planned after it are cancelled by the server. */
export function ContractTerminateDialog({ contract, onClose }: { contract: Contract; onClose(): void }) {
  const { t } = useTranslation(['contracts']);
  const [reason, setReason] = useState('');
  const [lastDay, setLastDay] = useState(() => chinaDay(new Date()));
  const terminating = useEndpointMutation(ContractEndpoints.terminate, {
    success: (data) => t('contracts:terminated', { count: data.visitsCancelled }),
    invalidates: () => [contractKeys.all],
  });
  const save = () => {
    if (!reason.trim()) {
      Message.error({ content: t('contracts:problem.reasonRequired'), duration: TOAST_DURATION_MS });
      return;
    }
    terminating.mutate({ id: contract.id, version: contract.version, reason: reason.trim(), terminatedOn: lastDay }, { onSuccess: onClose });
  };
  return (
    <FormModal title={`${t('contracts:terminateTitle')} · ${contract.name}`} saving={terminating.isPending} onCancel={onClose} onSave={save} testId="contract-terminate">
      <Form.Item label={t('contracts:terminateReason')} required>
        <Input.TextArea value={reason} maxLength={ContractLimits.reason} onChange={setReason} aria-label={t('contracts:terminateReason')} data-testid="contract-terminate-reason" />
      </Form.Item>
      <Form.Item label={t('contracts:terminatedOn')} extra={t('contracts:terminatedOnHint')} required>
        <DatePicker
          value={lastDay}
          onChange={(day: string) => day && setLastDay(day)}
          disabledDate={(day) => day.format('YYYY-MM-DD') < contract.startDate || day.format('YYYY-MM-DD') > contract.endDate}
          style={{ width: '100%' }}
          data-testid="contract-terminate-day"
        />
      </Form.Item>
    </FormModal>
  );
}
