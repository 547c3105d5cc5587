import type { ReactNode } from 'react';
import { Button, Form, Modal } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../useIsMobile.ts';

interface FormModalProps {
  title: string;
  /** The dialog's width on a wide screen; a phone gets the whole width. */
  width?: number;
  saving: boolean;
  onCancel(): void;
  onSave(): void;
  /** Names the form and its save button for tests: `${testId}-form`, `${testId}-save`. */
  testId: string;
  children: ReactNode;
}

/** A dialog holding one vertical form, saved by its primary button or by Enter, cancelled by 取消. */
export function FormModal({ title, width = 520, saving, onCancel, onSave, testId, children }: FormModalProps) {
  const { t } = useTranslation('common');
  const mobile = useIsMobile();
  return (
    <Modal
      visible
      style={{ width: mobile ? '100%' : width }}
      title={title}
      onCancel={onCancel}
      unmountOnExit
      footer={
        <>
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button type="primary" loading={saving} onClick={onSave} data-testid={`${testId}-save`}>
            {t('save')}
          </Button>
        </>
      }
    >
      <Form layout="vertical" data-testid={`${testId}-form`} onSubmit={onSave}>
        {children}
      </Form>
    </Modal>
  );
}
