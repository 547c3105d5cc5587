import { Result } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';

/** A device page opened without a usable `?id=`. */
export function MissingDevice() {
  const { t } = useTranslation(['devices']);
  return <Result status="warning" title={t('devices:missingDeviceTitle')} subTitle={t('devices:missingDeviceHint')} data-testid="device-missing" />;
}
