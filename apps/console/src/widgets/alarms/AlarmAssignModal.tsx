import { useState } from 'react';
import { Input, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@pest/shared';
import { useAlarmActions } from './useAlarmActions.ts';

/** The assignee's longest name the contract takes. */
const ASSIGNEE_MAX_LENGTH = 50;

interface AlarmAssignModalProps {
  alarms: readonly AlarmRecord[] | null;
  onClose(): void;
}

/** 指派: a technician's name, typed, for one alarm or several. */
export function AlarmAssignModal({ alarms, onClose }: AlarmAssignModalProps) {
  const { t } = useTranslation(['alarms']);
  const actions = useAlarmActions();
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const open = alarms !== null && alarms.length > 0;
  const missing = name.trim() === '';

  const close = () => {
    setName('');
    setTried(false);
    onClose();
  };
  const submit = async () => {
    setTried(true);
    if (missing || !alarms) return;
    if ((await actions.assign(alarms, name.trim())) !== null) close();
  };

  return (
    <Modal visible={open} title={t('alarms:assignTitle')} onOk={() => void submit()} onCancel={close} okText={t('alarms:submit')} cancelText={t('alarms:cancel')} unmountOnExit>
      <Input
        value={name}
        onChange={setName}
        maxLength={ASSIGNEE_MAX_LENGTH}
        placeholder={t('alarms:assigneePlaceholder')}
        status={tried && missing ? 'error' : undefined}
        data-testid="alarm-assignee"
      />
      {tried && missing && <div className="alarm-error">{t('alarms:assigneeRequired')}</div>}
    </Modal>
  );
}
