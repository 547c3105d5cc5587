import { useState } from 'react';
import { DatePicker, Form, Input, Message, Select } from '@arco-design/web-react';
import { useTranslation } from 'react-i18next';
import { PROVIDER_DOCUMENT_NAME_MAX, ProviderDocumentEndpoints, ProviderDocumentKind, TOAST_DURATION_MS, type ProviderDocument } from '@pest/shared';
import { useEndpointMutation } from '../../api/query/useEndpointMutation.ts';
import { ImageUpload } from '../../components/ImageUpload/index.ts';
import { FormModal } from '../../components/FormModal/index.ts';
import { documentBody, documentValuesOf, newDocumentValues, type DocumentValues } from './documentForm.ts';

interface DocumentDialogProps {
  /** The document to edit; absent to add one. */
  editing?: ProviderDocument;
  onClose(): void;
  onSaved(): void;
}

/** Add or edit a document: its kind, name, scan (the console's one image upload) and validity. */
export function DocumentDialog({ editing, onClose, onSaved }: DocumentDialogProps) {
  const { t } = useTranslation(['documents']);
  const [values, setValues] = useState<DocumentValues>(() => (editing ? documentValuesOf(editing) : newDocumentValues()));
  // A refusal is the server's reason, toasted.
  const saving = useEndpointMutation(ProviderDocumentEndpoints.save, { success: () => t('documents:saved') });
  const set = (patch: Partial<DocumentValues>) => setValues((current) => ({ ...current, ...patch }));

  const save = () => {
    const check = documentBody(values, editing);
    if (!check.ok) {
      const { problem } = check;
      Message.error({ content: 'key' in problem ? t(`documents:${problem.key}`) : problem.message, duration: TOAST_DURATION_MS });
      return;
    }
    saving.mutate(check.body, { onSuccess: onSaved });
  };

  return (
    <FormModal title={editing ? t('documents:editTitle') : t('documents:addTitle')} saving={saving.isPending} onCancel={onClose} onSave={save} testId="document">
        <Form.Item label={t('documents:kind')} required>
          <Select
            value={values.kind}
            onChange={(kind: ProviderDocumentKind) => set({ kind })}
            options={Object.values(ProviderDocumentKind).map((kind) => ({ value: kind, label: t(`documents:kindLabel.${kind}`) }))}
            data-testid="document-kind"
          />
        </Form.Item>
        <Form.Item label={t('documents:name')} required>
          <Input value={values.name} maxLength={PROVIDER_DOCUMENT_NAME_MAX} showWordLimit onChange={(name) => set({ name })} data-testid="document-name" />
        </Form.Item>
        <Form.Item label={t('documents:file')} required>
          <ImageUpload value={values.fileUrl} onChange={(fileUrl) => set({ fileUrl })} testId="document-file" />
        </Form.Item>
        <Form.Item label={t('documents:validFrom')} required>
          <DatePicker value={values.validFrom || undefined} onChange={(day: string) => set({ validFrom: day ?? '' })} style={{ width: '100%' }} data-testid="document-valid-from" />
        </Form.Item>
        <Form.Item label={t('documents:validTo')} extra={t('documents:validToHint')}>
          <DatePicker value={values.validTo || undefined} onChange={(day: string) => set({ validTo: day ?? '' })} style={{ width: '100%' }} data-testid="document-valid-to" />
        </Form.Item>
    </FormModal>
  );
}
