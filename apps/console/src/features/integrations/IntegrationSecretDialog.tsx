import { Button, Modal, Typography } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { IntegrationSaved } from '@pest/shared';
import './integrations.css';

/**
 * A webhook's push settings (URL, header, secret), shown this once after it is created or its
 * secret reset; closed, nothing shows the secret again. The same pattern as the device secret
 * (widgets/device/DeviceSecretDialog.tsx), which is bound to a device's secret and headers.
 */
export function IntegrationSecretDialog({ shown, onClose }: { shown: IntegrationSaved | null; onClose(): void }) {
  const { t } = useTranslation(['connectivity']);
  return (
    <Modal
      visible={shown !== null}
      title={t('connectivity:secretTitle')}
      onCancel={onClose}
      maskClosable={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="integration-secret-done">
          {t('connectivity:secretDone')}
        </Button>
      }
      unmountOnExit
    >
      {shown && (
        <div className="integration-secret-shown" data-testid="integration-secret">
          <p>{t('connectivity:secretOnce')}</p>
          {shown.webhookUrl && <ShownValue label={t('connectivity:webhookUrl')} value={shown.webhookUrl} testId="integration-secret-url" />}
          {shown.headerName && <ShownValue label={t('connectivity:headerName')} value={shown.headerName} testId="integration-secret-header" />}
          {shown.secret && <ShownValue label={t('connectivity:secret')} value={shown.secret} testId="integration-secret-value" />}
        </div>
      )}
    </Modal>
  );
}

function ShownValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <>
      <div className="integration-secret-label">{label}</div>
      <Typography.Paragraph copyable code className="integration-secret-value" data-testid={testId}>
        {value}
      </Typography.Paragraph>
    </>
  );
}
