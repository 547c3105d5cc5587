import { describe, expect, it } from 'vitest';
import { CustomerKind } from '../contract/customers.ts';
import { customerProblem } from './customerEdit.ts';

const store = { kind: CustomerKind.store, parentId: 1, name: '徐汇店', code: 'MD001', provinceId: 310000, cityId: 310100, districtId: 310104, address: '漕溪北路1号', contacts: [{ name: '张三', phone: '13800000000' }] };

describe('customerProblem', () => {
  it('accepts a store with its region, address and contacts', () => {
    expect(customerProblem(store)).toBeNull();
    expect(customerProblem({ ...store, contacts: [{ name: '李四', phone: '+86 021-6543 2100' }] })).toBeNull();
  });

  it('names the blank or long field, counted after trimming', () => {
    expect(customerProblem({ ...store, name: '   ' })).toBe('客户名称不能为空');
    expect(customerProblem({ ...store, name: ` ${'店'.repeat(50)} ` })).toBeNull();
    expect(customerProblem({ ...store, name: '店'.repeat(51) })).toBe('客户名称不能超过50个字符');
    expect(customerProblem({ ...store, code: '' })).toBe('编码不能为空');
    expect(customerProblem({ ...store, code: 'K'.repeat(33) })).toBe('编码不能超过32个字符');
    expect(customerProblem({ ...store, address: '路'.repeat(121) })).toBe('详细地址不能超过120个字符');
  });

  it('gives an organisation no parent, and a group or store one', () => {
    expect(customerProblem({ ...store, kind: CustomerKind.organisation })).toBe('组织不能有上级');
    expect(customerProblem({ ...store, kind: CustomerKind.organisation, parentId: null })).toBeNull();
    expect(customerProblem({ ...store, parentId: null })).toBe('请选择上级客户');
    expect(customerProblem({ ...store, kind: CustomerKind.group, parentId: null })).toBe('请选择上级客户');
  });

  it('takes a region from the top down', () => {
    expect(customerProblem({ ...store, provinceId: null })).toBe('省、市、区不一致，请重新选择地区');
    expect(customerProblem({ ...store, cityId: null })).toBe('省、市、区不一致，请重新选择地区');
    expect(customerProblem({ ...store, cityId: null, districtId: null })).toBeNull();
  });

  it('says which contact is wrong and how', () => {
    const contacts = (name: string, phone: string) => ({ ...store, contacts: [store.contacts[0]!, { name, phone }] });
    expect(customerProblem(contacts('', '13800000000'))).toBe('第2个联系人的联系人姓名不能为空');
    expect(customerProblem(contacts('王五', ' '))).toBe('第2个联系人的联系电话不能为空');
    expect(customerProblem(contacts('王五', '电话一三八'))).toBe('第2个联系人的联系电话格式不正确');
    expect(customerProblem(contacts('王'.repeat(21), '138'))).toBe('第2个联系人的联系人姓名不能超过20个字符');
    expect(customerProblem({ ...store, contacts: Array.from({ length: 21 }, () => store.contacts[0]!) })).toBe('联系人不能超过20个');
  });
});
