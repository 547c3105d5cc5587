import { CustomerKind, CustomerLimits, CustomerMessages, type CustomerContact, type CustomerDetail, type CustomerSaveBody } from '../contract/customers.ts';

/** The form's field names as the messages name them. */
const LABELS = { name: '客户名称', code: '编码', address: '详细地址', contactName: '联系人姓名', contactPhone: '联系电话' } as const;

/** Digits with the separators people write in a phone number (+86 138-0000-0000, 021 6543 2100). */
const PHONE = /^\+?[\d\s-]{5,}$/;

const tooLong = (label: string, max: number) => `${label}不能超过${max}个字符`;

/** What is wrong with one contact (the `index`th, from 0), as one sentence naming it, or null. */
export function customerContactProblem(contact: CustomerContact, index: number): string | null {
  const which = `第${index + 1}个联系人的`;
  const name = contact.name.trim();
  const phone = contact.phone.trim();
  if (name === '') return `${which}${LABELS.contactName}不能为空`;
  if (name.length > CustomerLimits.contactName) return which + tooLong(LABELS.contactName, CustomerLimits.contactName);
  if (phone === '') return `${which}${LABELS.contactPhone}不能为空`;
  if (phone.length > CustomerLimits.contactPhone) return which + tooLong(LABELS.contactPhone, CustomerLimits.contactPhone);
  if (!PHONE.test(phone)) return `${which}${LABELS.contactPhone}格式不正确`;
  return null;
}

/**
 * The first problem of a customer node's fields (trimmed first, in the form's order), or null
 * when it may be saved as far as the fields alone tell: the console's form and the server use the
 * same rule. What only the database knows (the code is taken, the parent exists) the server adds.
 */
export function customerProblem(body: Pick<CustomerSaveBody, 'kind' | 'parentId' | 'name' | 'code' | 'address' | 'contacts' | 'provinceId' | 'cityId' | 'districtId'>): string | null {
  const name = body.name.trim();
  const code = body.code.trim();
  if (name === '') return `${LABELS.name}不能为空`;
  if (name.length > CustomerLimits.name) return tooLong(LABELS.name, CustomerLimits.name);
  if (code === '') return `${LABELS.code}不能为空`;
  if (code.length > CustomerLimits.code) return tooLong(LABELS.code, CustomerLimits.code);
  if (body.kind === CustomerKind.organisation && body.parentId !== null) return CustomerMessages.organisationHasNoParent;
  if (body.kind !== CustomerKind.organisation && body.parentId === null) return CustomerMessages.parentRequired;
  // A city needs its province and a district its city: the cascader picks them top down.
  if ((body.cityId && !body.provinceId) || (body.districtId && !body.cityId)) return CustomerMessages.regionMismatch;
  if ((body.address ?? '').trim().length > CustomerLimits.address) return tooLong(LABELS.address, CustomerLimits.address);
  const contacts = body.contacts ?? [];
  if (contacts.length > CustomerLimits.contacts) return `联系人不能超过${CustomerLimits.contacts}个`;
  for (const [index, contact] of contacts.entries()) {
    const problem = customerContactProblem(contact, index);
    if (problem) return problem;
  }
  return null;
}

/** A node named by its place in the tree, as people read it: 示范餐饮 / 华东区 / 徐汇店. */
export const customerPathLabel = (node: Pick<CustomerDetail, 'name' | 'ancestorNames'>): string => [...node.ancestorNames, node.name].join(' / ');
