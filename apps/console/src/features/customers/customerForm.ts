import { CustomerKind, customerPathLabel, customerProblem, type CustomerDetail, type CustomerSaveBody } from '@pest/shared';
import { editedIdentity } from '../../api/editedRecord.ts';

/** A contact row of the form; `key` keeps React's rows apart while they are added and removed. */
export interface ContactValues {
  key: number;
  name: string;
  phone: string;
}

/** The dialog's fields as it holds them. */
export interface CustomerValues {
  kind: CustomerKind;
  parentId: number | null;
  /** What the parent picker shows for the chosen parent before its options load. */
  parentLabel: string;
  name: string;
  code: string;
  /** Province, city, district, as far as chosen. */
  regionPath: number[];
  address: string;
  areaId?: number;
  contacts: ContactValues[];
}

/** Where a new node goes: an organisation at the top, or a group or store under a chosen node. */
export interface NewPlace {
  kind: CustomerKind;
  parent?: Pick<CustomerDetail, 'id' | 'name' | 'ancestorNames' | 'areaId'>;
}

let nextKey = 1;
export const newContact = (name = '', phone = ''): ContactValues => ({ key: nextKey++, name, phone });

export function newCustomerValues({ kind, parent }: NewPlace): CustomerValues {
  return {
    kind,
    parentId: parent?.id ?? null,
    parentLabel: parent ? customerPathLabel(parent) : '',
    name: '',
    code: '',
    regionPath: [],
    address: '',
    // A store usually sits in its group's sales area.
    ...(parent?.areaId ? { areaId: parent.areaId } : {}),
    contacts: kind === CustomerKind.store ? [newContact()] : [],
  };
}

export function customerValuesOf(node: CustomerDetail): CustomerValues {
  return {
    kind: node.kind,
    parentId: node.parentId,
    parentLabel: node.ancestorNames.join(' / '),
    name: node.name,
    code: node.code,
    regionPath: [node.provinceId, node.cityId, node.districtId].filter((id): id is number => id !== null),
    address: node.address ?? '',
    ...(node.areaId ? { areaId: node.areaId } : {}),
    contacts: node.contacts.map((contact) => newContact(contact.name, contact.phone)),
  };
}

/**
 * The save body of the form, or the first problem (the server's own rule, so the form refuses
 * what the server would). A contact row left wholly empty is dropped, not refused.
 */
export function customerBody(values: CustomerValues, editing?: CustomerDetail): { ok: true; body: CustomerSaveBody } | { ok: false; problem: string } {
  const [provinceId = null, cityId = null, districtId = null] = values.regionPath;
  const body: CustomerSaveBody = {
    ...editedIdentity(editing),
    parentId: values.parentId,
    kind: values.kind,
    name: values.name.trim(),
    code: values.code.trim(),
    provinceId,
    cityId,
    districtId,
    address: values.address.trim() || null,
    areaId: values.areaId ?? null,
    contacts: values.contacts
      .map((contact) => ({ name: contact.name.trim(), phone: contact.phone.trim() }))
      .filter((contact) => contact.name !== '' || contact.phone !== ''),
  };
  const problem = customerProblem(body);
  return problem ? { ok: false, problem } : { ok: true, body };
}
