import { Descriptions, Empty } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import type { DeviceInfo } from '@pest/shared';

/** Where the device is installed: organisation, store, plan, region, point. */
export function BindingCard({ device }: { device: DeviceInfo }) {
  const { t } = useTranslation(['devices']);
  const { binding } = device;
  if (!binding) return <Empty description={t('devices:notBound')} data-testid="binding-missing" />;
  return (
    // Arco's Descriptions drops data attributes, so the wrapper carries the test id.
    <div data-testid="binding">
      <Descriptions
        column={1}
        labelStyle={{ width: 120 }}
        data={[
          { label: t('devices:organisation'), value: binding.organisationName },
          { label: t('devices:store'), value: binding.storeName },
          { label: t('devices:storeAddress'), value: binding.storeAddress ?? '—' },
          { label: t('devices:plan'), value: binding.planName },
          { label: t('devices:region'), value: binding.regionName },
          { label: t('devices:point'), value: <span data-testid="binding-point">{binding.pointCode}</span> },
        ]}
      />
    </div>
  );
}
