import { TRANSACTION_TYPE_LABELS, type TransactionType } from '@pest/shared';
import type { Escape } from './messages.ts';

/** A contract near its end, as a renewal notice names it. */
export interface NotifiedContract {
  id: number;
  code: string;
  name: string;
  customerName: string;
  organisationName: string;
  /** yyyy-MM-dd */
  endDate: string;
  daysLeft: number;
  amount: number;
  transactionTypes: TransactionType[];
  storeCount: number;
}

/** A renewal notice: the contract, the rule that told it, and the console's 合同 list. */
export interface ContractNotice {
  ruleName: string;
  contract: NotifiedContract;
  link: string;
}

const yuan = (amount: number) => amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The renewal notice's headline and lines, values escaped for the channel's format. */
export function contractLines({ contract, ruleName }: ContractNotice, value: Escape): { head: string; body: string[] } {
  const left = contract.daysLeft === 0 ? '今天到期' : `${contract.daysLeft} 天后到期`;
  return {
    head: `【合同即将到期】${value(contract.customerName)} · ${value(contract.name)}，${left}`,
    body: [
      `合同编号：${value(contract.code)}`,
      `客户：${value(contract.organisationName)}${contract.organisationName === contract.customerName ? '' : ` / ${value(contract.customerName)}`}`,
      `服务内容：${contract.transactionTypes.map((type) => TRANSACTION_TYPE_LABELS[type]).join('、')}（${contract.storeCount} 家门店）`,
      `到期日：${contract.endDate}`,
      `合同金额：${yuan(contract.amount)} 元`,
      `规则：${value(ruleName)}`,
    ],
  };
}

/** The webhook's JSON body for a renewal notice: the contract as it is, for a receiver's own system. */
export function contractWebhookBody(notice: ContractNotice, deliveryId: string) {
  return { deliveryId, type: 'contractExpiring', rule: notice.ruleName, link: notice.link, contract: notice.contract };
}
