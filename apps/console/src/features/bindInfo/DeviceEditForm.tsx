import { useEffect, useState } from 'react';
import { Button, Form, Input, Message } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { DeviceEditLimits, TOAST_DURATION_MS, type DeviceInfo } from '@pest/shared';
import { editDevice } from '../../api/devices.ts';
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
  const [saving, setSaving] = useState(false);

  useEffect(() => form.setFieldsValue(editValuesOf(device)), [form, device]);

  const save = async (values: Partial<DeviceEditValues>) => {
    setSaving(true);
    try {
      onSaved(await editDevice(editBody(device.id, values)));
      Message.success({ content: t('devices:saved'), duration: TOAST_DURATION_MS });
    } catch {
      // The http client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" initialValues={editValuesOf(device)} onSubmit={(values) => void save(values)} data-testid="device-edit-form">
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
        <Button type="primary" htmlType="submit" loading={saving} data-testid="device-edit-save">
          {t('devices:save')}
        </Button>
      </div>
    </Form>
  );
}
