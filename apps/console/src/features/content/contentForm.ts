import type { ContentDetail, ContentKind, ContentSaveBody } from '@pest/shared';
import { editedIdentity } from '../../api/editedRecord.ts';

/** The editor page's fields as it holds them. */
export interface ContentValues {
  kind: ContentKind;
  title: string;
  /** Every customer, or the organisations below. */
  allCustomers: boolean;
  customerIds: number[];
  /** As the editor gives it (TipTap's HTML); the server keeps its sanitised form. */
  html: string;
}

export const newContentValues = (kind: ContentKind): ContentValues => ({ kind, title: '', allCustomers: true, customerIds: [], html: '' });

export const contentValuesOf = (item: ContentDetail): ContentValues => ({
  kind: item.kind,
  title: item.title,
  allCustomers: item.customers === null,
  customerIds: item.customers?.map((customer) => customer.id) ?? [],
  html: item.html,
});

/** What is wrong before sending, as a key of the content namespace's `problem` texts. */
export type ContentProblem = 'titleRequired' | 'htmlRequired' | 'customersRequired' | 'imagesUploading';

/** Whether the editor's HTML says nothing: no text and no picture (an empty editor gives `<p></p>`). */
export function isBlankHtml(html: string): boolean {
  if (/<img\s/i.test(html)) return false;
  // Only to tell blank from not: the tags out, the editor's non-breaking spaces as spaces.
  return html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\u00a0/g, ' ').trim() === '';
}

/**
 * The body to send, or the first problem in the page's order. Images still on their way would be
 * lost from the saved HTML, so a save waits for them. An edit carries its id and the version it loaded.
 */
export function contentBody(
  values: ContentValues,
  publish: boolean,
  uploading: number,
  editing?: { id: number; version: number },
): { ok: true; body: ContentSaveBody } | { ok: false; problem: ContentProblem } {
  if (uploading > 0) return { ok: false, problem: 'imagesUploading' };
  const title = values.title.trim();
  if (!title) return { ok: false, problem: 'titleRequired' };
  if (!values.allCustomers && values.customerIds.length === 0) return { ok: false, problem: 'customersRequired' };
  if (isBlankHtml(values.html)) return { ok: false, problem: 'htmlRequired' };
  return {
    ok: true,
    body: {
      ...editedIdentity(editing),
      kind: values.kind,
      title,
      html: values.html,
      customerIds: values.allCustomers ? null : values.customerIds,
      publish,
    },
  };
}

/** A link the body may hold: the server keeps http, https and mailto alone. */
export const ALLOWED_LINK = /^(https?:\/\/|mailto:)/i;

/** An address as typed, with https:// when it names none (example.org/x); null when it may not be a link. */
export function linkAddress(typed: string): string | null {
  const address = typed.trim();
  if (!address) return null;
  if (ALLOWED_LINK.test(address)) return address;
  // A scheme of another kind (javascript:, data:, ftp:) is refused, not prefixed.
  if (/^[a-z][a-z0-9+.-]*:/i.test(address)) return null;
  return `https://${address}`;
}
