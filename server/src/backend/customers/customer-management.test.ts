import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiMessages,
  AuditLogPaths,
  CustomerKind,
  CustomerMessages,
  CustomerPaths,
  FilterPaths,
  type AuditEntry,
  type CustomerDetail,
  type CustomerSaveBody,
  type CustomerTreeNode,
  type Page,
} from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { createTestBackend, otherOrganisationId, signIn, type TestBackend } from '../testing.ts';

type Headers = Record<string, string>;
/** The demo manager's organisation. */
const OWN = 1;

describe(`客户管理 on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: Headers;
  let manager: Headers;
  let other: number;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    other = await otherOrganisationId(backend.db, OWN);
  });
  afterAll(async () => {
    await backend?.close();
  });

  const call = async <T>(url: string, headers: Headers, payload: object) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, payload });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const save = (headers: Headers, body: CustomerSaveBody) => call<{ id: number }>(CustomerPaths.save, headers, body);
  const saved = async (headers: Headers, body: CustomerSaveBody) => {
    const { statusCode, body: answer } = await save(headers, body);
    expect(statusCode, answer.message).toBe(200);
    return answer.data.id;
  };
  const detail = async (headers: Headers, id: number) => (await call<CustomerDetail>(CustomerPaths.detail, headers, { id })).body.data;
  const refusal = async (headers: Headers, url: string, payload: object) => {
    const { statusCode, body } = await call(url, headers, payload);
    return [statusCode, body.message];
  };
  const shanghai = { provinceId: 310000, cityId: 310100, districtId: 310104 };

  it('adds an organisation, a group and a store with its place and contacts, in tree order, with its contacts offered to the contact filter', async () => {
    const organisation = await saved(admin, { parentId: null, kind: CustomerKind.organisation, name: ' 新客餐饮集团 ', code: 'XK' });
    const group = await saved(admin, { parentId: organisation, kind: CustomerKind.group, name: '华东区', code: 'XK-HD', areaId: 1 });
    const store = await saved(admin, {
      parentId: group,
      kind: CustomerKind.store,
      name: '徐汇店',
      code: 'XK-HD-001',
      ...shanghai,
      address: '漕溪北路1号',
      contacts: [{ name: '新店长', phone: '13900000001' }],
    });
    const shown = await detail(admin, store);
    expect(shown).toMatchObject({
      kind: CustomerKind.store,
      name: '徐汇店',
      code: 'XK-HD-001',
      parentId: group,
      ancestorNames: ['新客餐饮集团', '华东区'],
      depth: 2,
      regionName: '上海市 市辖区 徐汇区',
      address: '漕溪北路1号',
      contacts: [{ name: '新店长', phone: '13900000001' }],
      state: 'active',
      storeCount: 1,
    });
    const page = await call<Page<CustomerDetail>>(CustomerPaths.list, admin, { current: 1, size: 10, underId: organisation });
    expect(page.body.data.records.map((row) => [row.name, row.depth, row.storeCount])).toEqual([
      ['新客餐饮集团', 0, 1],
      ['华东区', 1, 1],
      ['徐汇店', 2, 1],
    ]);
    expect((await call<Page<CustomerDetail>>(CustomerPaths.list, admin, { current: 1, size: 10, keyword: 'xk-hd-0' })).body.data.records.map((row) => row.id)).toEqual([store]);
    const contacts = await call<string[]>(FilterPaths.contactNameList, admin, { customerId: organisation });
    expect(contacts.body.data).toEqual(['新店长']);
  });

  it('names what is wrong: a taken code whatever its case, a blank name, a place that does not fit, a parent that cannot hold it', async () => {
    const store = { parentId: OWN, kind: CustomerKind.store, name: '新店', code: 'NEW-1' };
    const [taken] = await backend.db.query<{ code: string }>('select code from customers where id = $1', [OWN]);
    expect(await refusal(admin, CustomerPaths.save, { ...store, code: taken!.code.toLowerCase() })).toEqual([400, '编码已存在']);
    expect(await refusal(admin, CustomerPaths.save, { ...store, name: '  ' })).toEqual([400, '客户名称不能为空']);
    expect(await refusal(admin, CustomerPaths.save, { ...store, provinceId: 310000, cityId: 110100 })).toEqual([400, CustomerMessages.regionMismatch]);
    expect(await refusal(admin, CustomerPaths.save, { ...store, provinceId: 999999 })).toEqual([400, CustomerMessages.regionNotFound]);
    expect(await refusal(admin, CustomerPaths.save, { ...store, areaId: 99999 })).toEqual([400, CustomerMessages.areaNotFound]);
    const [aStore] = await backend.db.query<{ id: number }>('select id from customers where kind = 3 and path @> array[$1::int] order by id limit 1', [OWN]);
    expect(await refusal(admin, CustomerPaths.save, { ...store, parentId: aStore!.id })).toEqual([400, CustomerMessages.parentIsStore]);
    expect(await refusal(admin, CustomerPaths.save, { ...store, parentId: 2_000_000 })).toEqual([404, CustomerMessages.parentNotFound]);
    expect(await refusal(admin, CustomerPaths.save, { ...store, kind: CustomerKind.organisation })).toEqual([400, CustomerMessages.organisationHasNoParent]);
    const mine = await detail(admin, aStore!.id);
    expect(await refusal(admin, CustomerPaths.save, { ...store, id: mine.id, kind: CustomerKind.group })).toEqual([400, CustomerMessages.kindFixed]);
    expect(await refusal(admin, CustomerPaths.save, { ...store, id: mine.id, parentId: OWN, version: mine.version + 1 })).toEqual([409, ApiMessages.editConflict]);
    // Nothing of it landed.
    expect(await backend.db.query("select 1 from customers where code = 'NEW-1'")).toEqual([]);
  });

  it('moves a store with its history to another organisation and back, every roll-up following it exactly', async () => {
    const [store] = await backend.db.query<{ id: number }>(
      `select s.id from customers s where s.kind = 3 and s.path[1] = $1
       and s.id = (select store_id from service_catch_months r join customers c on c.id = r.store_id where c.path[1] = $1 group by 1 order by sum(caught) desc limit 1)`,
      [OWN],
    );
    const before = await detail(admin, store!.id);
    const managerStores = async () => (await call<Page<{ id: number }>>(FilterPaths.customerPage, manager, { current: 1, size: 500 })).body.data.records.map((row) => row.id);
    expect(await managerStores()).toContain(store!.id);

    await saved(admin, { ...editable(before), parentId: other, version: before.version });
    expect(await rollupDifferences()).toEqual([]);
    expect((await detail(admin, store!.id)).ancestorNames).toHaveLength(1);
    // The organisation's manager no longer sees it, nor may open it.
    expect(await managerStores()).not.toContain(store!.id);
    expect(await refusal(manager, CustomerPaths.detail, { id: store!.id })).toEqual([404, CustomerMessages.notFound]);

    const moved = await detail(admin, store!.id);
    await saved(admin, { ...editable(moved), parentId: before.parentId, version: moved.version });
    expect(await rollupDifferences()).toEqual([]);
    expect(await managerStores()).toContain(store!.id);
  });

  it('moves a group with its stores; never under itself or what is below it', async () => {
    const organisation = await saved(admin, { parentId: null, kind: CustomerKind.organisation, name: '搬迁测试', code: 'MOVE' });
    const group = await saved(admin, { parentId: organisation, kind: CustomerKind.group, name: '一区', code: 'MOVE-1' });
    const inner = await saved(admin, { parentId: group, kind: CustomerKind.group, name: '一区一组', code: 'MOVE-1-1' });
    const store = await saved(admin, { parentId: inner, kind: CustomerKind.store, name: '一号店', code: 'MOVE-1-1-1' });
    const shown = await detail(admin, group);
    expect(await refusal(admin, CustomerPaths.save, { ...editable(shown), parentId: inner })).toEqual([400, CustomerMessages.parentIsSelf]);
    expect(await refusal(admin, CustomerPaths.save, { ...editable(shown), parentId: group })).toEqual([400, CustomerMessages.parentIsSelf]);
    await saved(admin, { ...editable(shown), parentId: OWN });
    const [path] = await backend.db.query<{ path: number[] }>('select path from customers where id = $1', [store]);
    expect(path!.path).toEqual([OWN, group, inner, store]);
    expect((await detail(admin, organisation)).storeCount).toBe(0);
  });

  it('suspends a group with its stores: they leave the pickers, keep their records, refuse edits, and come back together', async () => {
    const [group] = await backend.db.query<{ id: number; stores: number[] }>(
      `select g.id, array(select s.id from customers s where s.kind = 3 and s.path @> array[g.id] order by s.id) as stores
       from customers g where g.kind = 2 and g.path[1] = $1 and g.suspended_at is null order by g.id limit 1`,
      [OWN],
    );
    const store = group!.stores[0]!;
    const treeIds = async () => {
      const children = await call<CustomerTreeNode[]>(FilterPaths.newCustomerTreeByParentId, admin, { parentId: OWN });
      return children.body.data.map((node) => node.id);
    };
    const records = async () => (await backend.db.query<{ n: number }>('select count(*)::int as n from job_orders where customer_id = $1', [store]))[0]!.n;
    const recordsBefore = await records();
    expect(await treeIds()).toContain(group!.id);

    // A store suspended on its own stays suspended when its group comes back.
    const [own] = group!.stores.slice(-1);
    await call(CustomerPaths.suspend, admin, { id: own });
    await call(CustomerPaths.suspend, admin, { id: group!.id });
    expect(await treeIds()).not.toContain(group!.id);
    const managerStores = (await call<Page<{ id: number }>>(FilterPaths.customerPage, manager, { current: 1, size: 500 })).body.data.records.map((row) => row.id);
    expect(managerStores.filter((id) => group!.stores.includes(id))).toEqual([]);
    expect(await records()).toBe(recordsBefore);
    expect((await detail(admin, store)).suspendedWithAncestor).toBe(true);
    expect(await refusal(admin, CustomerPaths.resume, { id: store })).toEqual([400, CustomerMessages.resumeAncestorFirst]);
    expect(await refusal(admin, CustomerPaths.save, { ...editable(await detail(admin, store)), name: '改名' })).toEqual([400, CustomerMessages.suspendedReadOnly]);
    expect(await refusal(admin, CustomerPaths.save, { parentId: group!.id, kind: CustomerKind.store, name: '新店', code: 'UNDER-SUSPENDED' })).toEqual([400, CustomerMessages.parentSuspended]);

    await call(CustomerPaths.resume, admin, { id: group!.id });
    expect(await treeIds()).toContain(group!.id);
    expect((await detail(admin, store)).state).toBe('active');
    expect((await detail(admin, own!)).state).toBe('suspended');
    await call(CustomerPaths.resume, admin, { id: own });

    const entries = await call<Page<AuditEntry>>(AuditLogPaths.list, admin, { current: 1, size: 10, objectType: 'customer', objectId: String(group!.id) });
    expect(entries.body.data.records.map((entry) => [entry.action, entry.changes.state])).toEqual([
      ['resume', { before: '已停用', after: '正常' }],
      ['suspend', { before: '正常', after: '已停用' }],
    ]);
  });

  it("lets a customer's manager keep what is below their organisation, and nothing else", async () => {
    const group = await saved(manager, { parentId: OWN, kind: CustomerKind.group, name: '经理新建分组', code: 'MGR-G' });
    const store = await saved(manager, { parentId: group, kind: CustomerKind.store, name: '经理新建门店', code: 'MGR-S', contacts: [{ name: '王店长', phone: '13900000002' }] });
    expect((await detail(manager, store)).ancestorNames[0]).toBe((await detail(admin, OWN)).name);
    expect(await refusal(manager, CustomerPaths.save, { parentId: null, kind: CustomerKind.organisation, name: '自建组织', code: 'MGR-O' })).toEqual([403, CustomerMessages.organisationStaffOnly]);
    expect(await refusal(manager, CustomerPaths.save, { parentId: other, kind: CustomerKind.store, name: '别家门店', code: 'MGR-X' })).toEqual([404, CustomerMessages.parentNotFound]);
    const theirs = await detail(admin, store);
    expect(await refusal(manager, CustomerPaths.save, { ...editable(theirs), parentId: other })).toEqual([404, CustomerMessages.parentNotFound]);
    const own = await detail(admin, OWN);
    expect(await refusal(manager, CustomerPaths.save, { ...editable(own), name: '改名' })).toEqual([403, CustomerMessages.outsideOwnCustomer]);
    expect(await refusal(manager, CustomerPaths.suspend, { id: OWN })).toEqual([403, CustomerMessages.outsideOwnCustomer]);
    expect(await refusal(manager, CustomerPaths.suspend, { id: other })).toEqual([404, CustomerMessages.notFound]);
    const listed = await call<Page<CustomerDetail>>(CustomerPaths.list, manager, { current: 1, size: 200 });
    expect(listed.body.data.records.every((row) => row.id === OWN || row.ancestorNames[0] === own.name)).toBe(true);

    // The manager reads the entries of their organisation's nodes.
    const entries = await call<Page<AuditEntry>>(AuditLogPaths.list, manager, { current: 1, size: 10, objectType: 'customer', objectId: String(store) });
    expect(entries.body.data.records[0]!.changes).toMatchObject({ name: { before: null, after: '经理新建门店' }, contacts: { before: null, after: '王店长 13900000002' } });
  });

  /** The fields of a shown node as a save sends them back. */
  function editable(node: CustomerDetail): CustomerSaveBody {
    const { id, version, parentId, kind, name, code, provinceId, cityId, districtId, address, areaId, contacts } = node;
    return { id, version, parentId, kind, name, code, provinceId, cityId, districtId, address, areaId, contacts };
  }

  /** Rows where an organisation's roll-up and the sum of its stores' rows disagree, in any direction. */
  async function rollupDifferences(): Promise<unknown[]> {
    const pairs = [
      ['select organisation_id, area_id, month, device_type_id, checks from service_organisation_check_months', 'service_check_months', 'r.month, r.device_type_id, sum(r.checks)', '3, 4'],
      ['select organisation_id, area_id, month, device_type_id, pest_id, positive, caught from service_organisation_catch_months', 'service_catch_months', 'r.month, r.device_type_id, r.pest_id, sum(r.positive), sum(r.caught)', '3, 4, 5'],
      ['select organisation_id, area_id, day, device_type_id, checks from service_organisation_check_days', 'service_check_days', 'r.day, r.device_type_id, sum(r.checks)', '3, 4'],
    ] as const;
    const differences: unknown[] = [];
    for (const [rollup, stores, columns, keys] of pairs) {
      const fromStores = `select s.path[1], coalesce(s.area_id, 0), ${columns} from ${stores} r join customers s on s.id = r.store_id group by 1, 2, ${keys}`;
      differences.push(...(await backend.db.query(`(${rollup} except ${fromStores}) union all (${fromStores} except ${rollup})`)));
    }
    const waits = `select s.path[1], (e.created_at at time zone 'Asia/Shanghai')::date, 1::smallint, alarm_wait_bucket(alarm_wait_seconds(e.created_at, e.ack_at)), count(*)::int
      from device_events e join customers s on s.id = e.customer_id
      where e.kind <> 6 and e.gateway_alarm_id is null and e.ack_at is not null group by 1, 2, 3, 4`;
    const kept = "select organisation_id, period, measure, bucket, n from alarm_statistic_waits where grain = 'd' and measure = 1 and organisation_id <> 0";
    differences.push(...(await backend.db.query(`(${kept} except ${waits}) union all (${waits} except ${kept})`)));
    return differences;
  }
});
