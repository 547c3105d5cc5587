import type { ReactNode } from 'react';
import { Descriptions, Link, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { Contract } from '@pest/shared';
import { useIsMobile } from '../../components/useIsMobile.ts';

/** 查看: a contract as it stands, for everyone who may read it (a customer's manager included). */
export function ContractView({ contract, onClose }: { contract: Contract; onClose(): void }) {
  const { t } = useTranslation(['contracts']);
  const mobile = useIsMobile();
  const rows: { label: string; value: ReactNode }[] = [
    { label: t('contracts:code'), value: contract.code },
    { label: t('contracts:name'), value: contract.name },
    { label: t('contracts:customer'), value: contract.customerName },
    { label: t('contracts:state'), value: t(`contracts:stateLabels.${contract.state}`) },
    { label: t('contracts:signedDate'), value: contract.signedDate },
    { label: t('contracts:period'), value: `${contract.startDate} ~ ${contract.endDate}` },
    { label: t('contracts:amount'), value: contract.amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }) },
    ...contract.items.map((item) => ({
      label: t(`contracts:transactionTypes.${item.transactionType}`),
      value: `${t(`contracts:reportTemplates.${item.reportTemplateType}`)} · ${t('contracts:visitsPerMonth')} ${item.visitsPerMonth} · ${item.customerNames.join('、')}`,
    })),
    ...(contract.terminatedOn ? [{ label: t('contracts:terminate'), value: t('contracts:terminateInfo', { day: contract.terminatedOn, reason: contract.terminateReason }) }] : []),
    { label: t('contracts:remark'), value: contract.remark ?? '' },
    {
      label: t('contracts:attachments'),
      value: contract.attachments.map((file, index) => (
        <Link key={file.url} href={file.url} target="_blank" rel="noreferrer" style={{ marginRight: 8 }}>
          {t('contracts:attachmentOpen')} {index + 1}
        </Link>
      )),
    },
  ];
  return (
    <Modal visible title={t('contracts:viewTitle')} footer={null} onCancel={onClose} style={{ width: mobile ? '100%' : 720 }} unmountOnExit>
      <div data-testid="contract-view">
        <Descriptions column={1} data={rows} labelStyle={{ width: 120 }} />
      </div>
    </Modal>
  );
}
