import { TEMPLATES_OF_TRANSACTION, TransactionType, type Contract, type ContractSaveBody, type ReportTemplateType } from '@pest/shared';
import { editedIdentity, type EditedRecord } from '../../api/editedRecord.ts';

/** One item of the dialog: what is done, where, how often, reported how. */
export interface ContractItemValues {
  transactionType: TransactionType;
  customerIds: number[];
  /** The chosen stores' names, for the picker before its options arrive. */
  customerNames: string[];
  visitsPerMonth: number;
  reportTemplateType: ReportTemplateType;
}

/** The dialog's fields as it holds them: days as the date pickers give them (yyyy-MM-dd, empty when unset). */
export interface ContractValues {
  customerId: number | null;
  customerLabel: string;
  code: string;
  name: string;
  signedDate: string;
  startDate: string;
  endDate: string;
  amount: number | undefined;
  items: ContractItemValues[];
  /** The scanned contract: upload URLs, or the links the list gave for stored files. */
  attachments: string[];
  remark: string;
}

/** A new item of a type: its first fitting layout, two visits a month, no stores yet. */
export const newItem = (transactionType: TransactionType): ContractItemValues => ({
  transactionType,
  customerIds: [],
  customerNames: [],
  visitsPerMonth: 2,
  reportTemplateType: TEMPLATES_OF_TRANSACTION[transactionType].at(-1)!,
});

export const newContractValues = (): ContractValues => ({
  customerId: null,
  customerLabel: '',
  code: '',
  name: '',
  signedDate: '',
  startDate: '',
  endDate: '',
  amount: undefined,
  items: [newItem(TransactionType.pest)],
  attachments: [],
  remark: '',
});

export const contractValuesOf = (contract: Contract): ContractValues => ({
  customerId: contract.customerId,
  customerLabel: contract.customerName,
  code: contract.code,
  name: contract.name,
  signedDate: contract.signedDate,
  startDate: contract.startDate,
  endDate: contract.endDate,
  amount: contract.amount,
  items: contract.items.map((item) => ({ ...item, customerIds: [...item.customerIds], customerNames: [...item.customerNames] })),
  attachments: contract.attachments.map((file) => file.url),
  remark: contract.remark ?? '',
});

/** What is missing or wrong before sending, as a key of the contracts namespace's `problem` texts. */
export type ContractProblem =
  | 'customerRequired'
  | 'codeRequired'
  | 'nameRequired'
  | 'datesRequired'
  | 'endBeforeStart'
  | 'amountRequired'
  | 'itemsRequired'
  | 'itemStoresRequired'
  | 'itemTypeRepeated'
  | 'templateMismatch';

/** The body to send, or the first problem in the dialog's order; an edit carries its id and the version it loaded. */
export function contractBody(values: ContractValues, editing?: EditedRecord): { ok: true; body: ContractSaveBody } | { ok: false; problem: ContractProblem } {
  if (values.customerId === null) return { ok: false, problem: 'customerRequired' };
  const code = values.code.trim();
  if (!code) return { ok: false, problem: 'codeRequired' };
  const name = values.name.trim();
  if (!name) return { ok: false, problem: 'nameRequired' };
  if (!values.signedDate || !values.startDate || !values.endDate) return { ok: false, problem: 'datesRequired' };
  if (values.endDate < values.startDate) return { ok: false, problem: 'endBeforeStart' };
  if (values.amount === undefined || Number.isNaN(values.amount)) return { ok: false, problem: 'amountRequired' };
  if (values.items.length === 0) return { ok: false, problem: 'itemsRequired' };
  if (new Set(values.items.map((item) => item.transactionType)).size !== values.items.length) return { ok: false, problem: 'itemTypeRepeated' };
  if (values.items.some((item) => item.customerIds.length === 0)) return { ok: false, problem: 'itemStoresRequired' };
  if (values.items.some((item) => !TEMPLATES_OF_TRANSACTION[item.transactionType].includes(item.reportTemplateType))) return { ok: false, problem: 'templateMismatch' };
  return {
    ok: true,
    body: {
      ...editedIdentity(editing),
      customerId: values.customerId,
      code,
      name,
      signedDate: values.signedDate,
      startDate: values.startDate,
      endDate: values.endDate,
      amount: Math.round(values.amount * 100) / 100,
      items: values.items.map(({ transactionType, customerIds, visitsPerMonth, reportTemplateType }) => ({ transactionType, customerIds, visitsPerMonth, reportTemplateType })),
      attachments: values.attachments,
      remark: values.remark.trim() || null,
    },
  };
}
