import { describe, expect, it } from 'vitest';
import { ReportTemplateType, TransactionType } from '@pest/shared';
import { contractBody, newContractValues, newItem, type ContractValues } from './contractForm.ts';
import { contractListBody, NO_CONTRACT_FILTERS } from './contractQuery.ts';

const filled = (patch: Partial<ContractValues> = {}): ContractValues => ({
  ...newContractValues(),
  customerId: 1,
  customerLabel: '示例餐饮集团',
  code: ' HT-001 ',
  name: '年度虫控合同',
  signedDate: '2026-11-20',
  startDate: '2026-12-01',
  endDate: '2027-11-30',
  amount: 1234.567,
  items: [{ ...newItem(TransactionType.pest), customerIds: [11, 12] }],
  ...patch,
});

describe('contract form', () => {
  it('sends what the dialog holds, trimmed, the amount to the fen, an edit with its version', () => {
    const check = contractBody(filled(), { id: 9, version: 3 });
    expect(check).toEqual({
      ok: true,
      body: expect.objectContaining({ id: 9, version: 3, code: 'HT-001', amount: 1234.57, remark: null, attachments: [], items: [{ transactionType: 1, customerIds: [11, 12], visitsPerMonth: 2, reportTemplateType: ReportTemplateType.pestFull }] }),
    });
  });

  it('names the first problem in the dialog’s order', () => {
    expect(contractBody(filled({ customerId: null }))).toEqual({ ok: false, problem: 'customerRequired' });
    expect(contractBody(filled({ endDate: '2026-11-01' }))).toEqual({ ok: false, problem: 'endBeforeStart' });
    expect(contractBody(filled({ amount: undefined }))).toEqual({ ok: false, problem: 'amountRequired' });
    expect(contractBody(filled({ items: [] }))).toEqual({ ok: false, problem: 'itemsRequired' });
    expect(contractBody(filled({ items: [newItem(TransactionType.survey)] }))).toEqual({ ok: false, problem: 'itemStoresRequired' });
    expect(contractBody(filled({ items: [{ ...newItem(TransactionType.pest), customerIds: [1] }, { ...newItem(TransactionType.pest), customerIds: [2] }] }))).toEqual({ ok: false, problem: 'itemTypeRepeated' });
    expect(contractBody(filled({ items: [{ ...newItem(TransactionType.disinfection), customerIds: [1], reportTemplateType: ReportTemplateType.pestFull }] }))).toEqual({ ok: false, problem: 'templateMismatch' });
  });

  it('asks for the renewal window when only expiring ones are wanted, and leaves empty filters out', () => {
    expect(contractListBody(NO_CONTRACT_FILTERS, 30)).toEqual({ current: 1, size: 20 });
    expect(contractListBody({ ...NO_CONTRACT_FILTERS, expiring: true, keyword: ' HT ', customerId: 4 }, 30)).toEqual({ current: 1, size: 20, keyword: 'HT', customerIds: [4], expiringWithinDays: 30 });
  });
});
