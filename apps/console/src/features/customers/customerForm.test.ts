import { describe, expect, it } from 'vitest';
import { CustomerKind, type CustomerDetail } from '@pest/shared';
import { customerPathLabel } from '@pest/shared';
import { customerBody, customerValuesOf, newContact, newCustomerValues } from './customerForm.ts';

const store: CustomerDetail = {
  id: 9,
  version: 3,
  parentId: 2,
  kind: CustomerKind.store,
  name: '徐汇店',
  code: 'MD001',
  ancestorNames: ['示范餐饮', '华东区'],
  depth: 2,
  provinceId: 310000,
  cityId: 310100,
  districtId: 310104,
  regionName: '上海市 市辖区 徐汇区',
  address: '漕溪北路1号',
  areaId: 4,
  areaName: '华东大区',
  contacts: [{ name: '张三', phone: '13800000000' }],
  state: 'active',
  suspendedWithAncestor: false,
  storeCount: 1,
};

describe('customerForm', () => {
  it('sends an edited node back as it was shown, with the version it saw', () => {
    const check = customerBody(customerValuesOf(store), store);
    expect(check).toEqual({
      ok: true,
      body: {
        id: 9,
        version: 3,
        parentId: 2,
        kind: CustomerKind.store,
        name: '徐汇店',
        code: 'MD001',
        provinceId: 310000,
        cityId: 310100,
        districtId: 310104,
        address: '漕溪北路1号',
        areaId: 4,
        contacts: [{ name: '张三', phone: '13800000000' }],
      },
    });
  });

  it('starts a store under its parent, in the parent’s sales area, with one empty contact row that is dropped if left empty', () => {
    const values = newCustomerValues({ kind: CustomerKind.store, parent: { id: 2, name: '华东区', ancestorNames: ['示范餐饮'], areaId: 4 } });
    expect(values).toMatchObject({ parentId: 2, parentLabel: '示范餐饮 / 华东区', areaId: 4 });
    expect(values.contacts).toHaveLength(1);
    const check = customerBody({ ...values, name: ' 新店 ', code: ' N1 ' });
    expect(check).toMatchObject({ ok: true, body: { name: '新店', code: 'N1', contacts: [], provinceId: null } });
  });

  it('refuses what the server refuses, in its words', () => {
    const values = { ...customerValuesOf(store), contacts: [newContact('李四', '')] };
    expect(customerBody(values, store)).toEqual({ ok: false, problem: '第1个联系人的联系电话不能为空' });
    expect(customerBody({ ...customerValuesOf(store), code: '' }, store)).toEqual({ ok: false, problem: '编码不能为空' });
  });

  it('labels a node by its place in the tree', () => {
    expect(customerPathLabel(store)).toBe('示范餐饮 / 华东区 / 徐汇店');
  });
});
