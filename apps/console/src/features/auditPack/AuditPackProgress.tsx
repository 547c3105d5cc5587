import { Button, Popconfirm } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { useTranslation } from 'react-i18next';
import type { AuditPackStatus } from '@pest/shared';
import { LabelledProgress } from '../../components/LabelledProgress/LabelledProgress.tsx';
import { isPackActive, packPercent, packSize } from './auditPackList.ts';

interface AuditPackProgressProps {
  pack: AuditPackStatus;
  onCancel(pack: AuditPackStatus): void;
}

/** The pack just asked for: its step and done/total as the live client reports them, then its download or why it failed. */
export function AuditPackProgress({ pack, onCancel }: AuditPackProgressProps) {
  const { t } = useTranslation(['auditPack']);
  const active = isPackActive(pack);
  const status = pack.state === 'failed' || pack.state === 'cancelled' ? 'error' : pack.state === 'done' ? 'success' : 'normal';
  const stepText = pack.state === 'queued' ? t('auditPack:stepWaiting') : pack.step ? t('auditPack:stepNow', { step: pack.step }) : '';
  return (
    <section className="audit-pack-progress" aria-labelledby="audit-pack-progress-title" data-testid="audit-pack-progress" data-state={pack.state}>
      <h2 id="audit-pack-progress-title" className="audit-pack-heading">
        {t('auditPack:progressTitle')} · {t(`auditPack:stateLabel.${pack.state}`)}
      </h2>
      <LabelledProgress percent={packPercent(pack)} status={status} label={t('auditPack:progressTitle')} />
      {/* Read out as it changes: the bar alone says nothing to a screen reader. */}
      <p className="audit-pack-step" aria-live="polite" data-testid="audit-pack-step">
        {active && <span data-testid="audit-pack-step-name">{stepText}</span>}
        {pack.total > 0 && <span data-testid="audit-pack-step-count">{t('auditPack:stepCount', { done: pack.done, total: pack.total })}</span>}
        {pack.error && <span>{t('auditPack:failedReason', { reason: pack.error })}</span>}
      </p>
      <div className="audit-pack-actions">
        {active && (
          <Popconfirm title={t('auditPack:cancelConfirm')} onOk={() => onCancel(pack)}>
            <Button status="danger" data-testid="audit-pack-cancel">
              {t('auditPack:cancel')}
            </Button>
          </Popconfirm>
        )}
        {pack.downloadUrl && (
          <Button type="primary" href={pack.downloadUrl} icon={<IconDownload />} data-testid="audit-pack-download">
            {t('auditPack:download')} ({packSize(pack.bytes)})
          </Button>
        )}
      </div>
    </section>
  );
}
