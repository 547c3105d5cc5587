import { ProviderDocumentKind, providerDocumentProblem, type ProviderDocument, type ProviderDocumentSaveBody } from '@pest/shared';
import { editedIdentity, type EditedRecord } from '../../api/editedRecord.ts';

/** The dialog's fields; dates as the date pickers give them (yyyy-MM-dd, empty when unset). */
export interface DocumentValues {
  kind: ProviderDocumentKind;
  name: string;
  fileUrl: string | null;
  validFrom: string;
  validTo: string;
}

export const newDocumentValues = (): DocumentValues => ({ kind: ProviderDocumentKind.businessLicence, name: '', fileUrl: null, validFrom: '', validTo: '' });

export const documentValuesOf = (document: ProviderDocument): DocumentValues => ({
  kind: document.kind,
  name: document.name,
  fileUrl: document.fileUrl,
  validFrom: document.validFrom,
  validTo: document.validTo ?? '',
});

/** What is missing before sending, as an i18n key of the documents namespace, or the shared rule's own message. */
export type DocumentProblem = { key: 'fileRequired' | 'validFromRequired' } | { message: string };

/** The body to send, or the first problem; an empty 有效期止 means valid without end. */
export function documentBody(values: DocumentValues, editing?: EditedRecord): { ok: true; body: ProviderDocumentSaveBody } | { ok: false; problem: DocumentProblem } {
  if (!values.fileUrl) return { ok: false, problem: { key: 'fileRequired' } };
  if (!values.validFrom) return { ok: false, problem: { key: 'validFromRequired' } };
  const fields = { name: values.name.trim(), validFrom: values.validFrom, validTo: values.validTo || null };
  const message = providerDocumentProblem(fields);
  if (message) return { ok: false, problem: { message } };
  return { ok: true, body: { ...editedIdentity(editing), kind: values.kind, fileUrl: values.fileUrl, ...fields } };
}
