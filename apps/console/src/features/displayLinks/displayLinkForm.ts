import dayjs from 'dayjs';
import {
  DISPLAY_DWELL_DEFAULT_SECONDS,
  DISPLAY_DWELL_MAX_SECONDS,
  DISPLAY_DWELL_MIN_SECONDS,
  DISPLAY_SCOPES_MAX,
  type DisplayLink,
  type DisplayLinkSaveBody,
} from '@pest/shared';
import { editedIdentity, type EditedRecord } from '../../api/editedRecord.ts';

/** One scope as the form edits it; `key` keeps React's rows apart when one is removed. */
export interface ScopeValues {
  key: number;
  label: string;
  customerIds: number[];
  areaIds: number[];
}

export interface LinkValues {
  name: string;
  scopes: ScopeValues[];
  dwellSeconds: number;
  /** The picker's local 'YYYY-MM-DD HH:mm:ss', or null: never expires. */
  expiresAt: string | null;
}

export const PICKER_FORMAT = 'YYYY-MM-DD HH:mm:ss';

let nextKey = 1;
export const emptyScope = (): ScopeValues => ({ key: nextKey++, label: '', customerIds: [], areaIds: [] });

export const newLinkValues = (): LinkValues => ({ name: '', scopes: [emptyScope()], dwellSeconds: DISPLAY_DWELL_DEFAULT_SECONDS, expiresAt: null });

export function linkValuesOf(link: DisplayLink): LinkValues {
  return {
    name: link.name,
    // The list gives a scope without a label the name made of its customers and areas; an edit keeps
    // it as the label, so the TV goes on showing the name the staff saw in the list.
    scopes: link.scopes.map((scope) => ({ ...emptyScope(), label: scope.label, customerIds: [...scope.customerIds], areaIds: [...scope.areaIds] })),
    dwellSeconds: link.dwellSeconds,
    expiresAt: link.expiresAt === null ? null : dayjs(link.expiresAt).format(PICKER_FORMAT),
  };
}

export const canAddScope = (values: LinkValues) => values.scopes.length < DISPLAY_SCOPES_MAX;

export type LinkProblem = 'nameRequired' | 'dwellRange' | 'expiryPast';
export type LinkCheck = { ok: true; body: DisplayLinkSaveBody } | { ok: false; problem: LinkProblem };

/**
 * The request body, or the first thing the server would refuse. A single scope does not rotate,
 * so its dwell is not asked and the default is sent. The expiry leaves in the browser's own offset.
 */
export function linkBody(values: LinkValues, editing: EditedRecord | undefined, now: Date): LinkCheck {
  const name = values.name.trim();
  if (name === '') return { ok: false, problem: 'nameRequired' };
  const rotates = values.scopes.length > 1;
  const dwellSeconds = rotates ? values.dwellSeconds : DISPLAY_DWELL_DEFAULT_SECONDS;
  if (!Number.isInteger(dwellSeconds) || dwellSeconds < DISPLAY_DWELL_MIN_SECONDS || dwellSeconds > DISPLAY_DWELL_MAX_SECONDS) return { ok: false, problem: 'dwellRange' };
  const expiry = values.expiresAt === null ? null : dayjs(values.expiresAt);
  if (expiry && !expiry.isAfter(now)) return { ok: false, problem: 'expiryPast' };
  return {
    ok: true,
    body: {
      ...editedIdentity(editing),
      name,
      scopes: values.scopes.map(({ label, customerIds, areaIds }) => ({ ...(label.trim() === '' ? {} : { label: label.trim() }), customerIds, areaIds })),
      dwellSeconds,
      expiresAt: expiry ? expiry.format() : null,
    },
  };
}
