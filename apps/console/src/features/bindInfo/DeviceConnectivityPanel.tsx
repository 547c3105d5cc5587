import { useState } from 'react';
import { Button, Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DeviceKind, DeviceRegistrationEndpoints, Permission, type DeviceInfo } from '@pest/shared';
import { deviceKeys } from '../../api/deviceQueries.ts';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { useCan } from '../../session/useCan.ts';
import { DeviceModelSelect } from '../../widgets/deviceModelSelect/DeviceModelSelect.tsx';

/**
 * 接入信息: a LoRaWAN device's DevEUI, by which its network server's uplinks find it, and its model
 * (whose codec decodes them and whose interval judges it offline). The model is chosen by those who
 * keep the models; anyone else who manages devices sets the DevEUI and keeps the model.
 */
export function DeviceConnectivityPanel({ device }: { device: Pick<DeviceInfo, 'id' | 'version' | 'deviceType' | 'devEui' | 'modelId' | 'retired'> }) {
  const { t } = useTranslation(['devices', 'connectivity']);
  const canPickModel = useCan()(Permission.integrationsManage);
  const [devEui, setDevEui] = useState(device.devEui ?? '');
  const [modelId, setModelId] = useState<number | undefined>(device.modelId ?? undefined);
  const saving = useEndpointMutation(DeviceRegistrationEndpoints.connectivity, { success: () => t('devices:connectivitySaved'), invalidates: () => [deviceKeys.all] });
  if (device.retired) return null;
  const save = () => saving.mutate({ id: device.id, version: device.version, devEui: devEui.trim() || null, modelId: modelId ?? null });
  // NB-IoT boxes are found by their IMEI; only their model is set here.
  return (
    <Form layout="vertical" className="bind-info-connectivity" data-testid="device-connectivity" onSubmit={save}>
      {device.deviceType === DeviceKind.loraRodentBox && (
        <Form.Item label="DevEUI" extra={t('devices:devEuiHint')}>
          <Input value={devEui} maxLength={23} onChange={setDevEui} aria-label="DevEUI" placeholder="70B3D57ED0000001" data-testid="device-dev-eui" />
        </Form.Item>
      )}
      {canPickModel && <DeviceModelSelect kind={device.deviceType} value={modelId} onChange={setModelId} testId="device-model" />}
      <Button htmlType="submit" loading={saving.isPending} data-testid="device-connectivity-save">
        {t('devices:save')}
      </Button>
    </Form>
  );
}
