import { useEffect } from 'react';
import { Button, Form, Input } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DeviceEditLimits, DeviceEndpoints, type DeviceInfo } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { ImageUpload } from '../../components/ImageUpload/index.ts';
import { editBody, editValuesOf, fieldRule, type DeviceEditValues } from './deviceEditForm.ts';

interface DeviceEditFormProps {
  device: DeviceInfo;
  /** The server's answer to a saved edit. */
  onSaved(device: DeviceInfo): void;
}

/**
 * The device's own fields and picture (PUT editMouseBox). The shared rule checks each field, its
 * message under the field, before sending; the server checks again, and its refusal shows through
 * the http client's toast.
 */
export function DeviceEditForm({ device, onSaved }: DeviceEditFormProps) {
  const { t } = useTranslation(['devices']);
  const [form] = Form.useForm<DeviceEditValues>();
  // A refusal is the server's message, toasted.
  const saving = useEndpointMutation(DeviceEndpoints.edit, { success: () => t('devices:saved') });

  useEffect(() => form.setFieldsValue(editValuesOf(device)), [form, device]);

  const save = (values: Partial<DeviceEditValues>) => saving.mutate(editBody(device, values), { onSuccess: onSaved });

  return (
    <Form form={form} layout="vertical" initialValues={editValuesOf(device)} onSubmit={save} data-testid="device-edit-form">
      <Form.Item field="deviceName" label={t('devices:deviceName')} required rules={[fieldRule('deviceName')]}>
        <Input maxLength={DeviceEditLimits.deviceName} showWordLimit data-testid="edit-device-name" />
      </Form.Item>
      <Form.Item field="technicalSupport" label={t('devices:technicalSupport')} rules={[fieldRule('technicalSupport')]}>
        <Input maxLength={DeviceEditLimits.technicalSupport} showWordLimit data-testid="edit-technical-support" />
      </Form.Item>
      <Form.Item field="remark" label={t('devices:remark')} rules={[fieldRule('remark')]}>
        <Input.TextArea maxLength={DeviceEditLimits.remark} showWordLimit autoSize={{ minRows: 3 }} data-testid="edit-remark" />
      </Form.Item>
      <Form.Item field="imageUrl" label={t('devices:image')}>
        <ImageUpload testId="device-image" />
      </Form.Item>
      <div>
        <Button type="primary" htmlType="submit" loading={saving.isPending} data-testid="device-edit-save">
          {t('devices:save')}
        </Button>
      </div>
    </Form>
  );
}
