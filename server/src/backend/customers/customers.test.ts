import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER_SEARCH_LIMIT, FilterPaths, type CustomerRecord, type CustomerTreeNode, CustomerKind } from '@pest/shared';
import { testDriver } from '../db/testing.ts';
import { plannedSizes } from '../../demo/seed/layout.ts';
import { DEMO_CUSTOMER_NAME } from '../../demo/seed/organisations.ts';
import { createTestBackend, signIn, type TestBackend } from '../testing.ts';

const DEMO_ORGANISATION_ID = 1;
const OTHER_ORGANISATION_ID = 2;

describe(`customer filter API on ${testDriver}`, () => {
  let backend: TestBackend;
  let admin: { authorization: string };
  let manager: { authorization: string };
  let demoStores: { id: number; name: string; contact: string; areaId: number; districtId: number }[];
  let otherStoreId: number;

  beforeAll(async () => {
    backend = await createTestBackend();
    admin = await signIn(backend.app, 'admin');
    manager = await signIn(backend.app, '13800000001');
    demoStores = await backend.db.query(
      `select s.id, s.name, k.name as contact, s.area_id as "areaId", s.district_id as "districtId"
       from customers s join contacts k on k.customer_id = s.id
       where s.path[1] = $1 and s.kind = ${CustomerKind.store} order by s.id`,
      [DEMO_ORGANISATION_ID],
    );
    [{ id: otherStoreId }] = await backend.db.query<{ id: number }>(
      `select id from customers where path[1] = $1 and kind = ${CustomerKind.store} order by id limit 1`,
      [OTHER_ORGANISATION_ID],
    ) as [{ id: number }];
  });
  afterAll(() => backend?.close());

  const post = async <T>(url: string, headers: Record<string, string>, payload?: object) => {
    const response = await backend.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
    return { statusCode: response.statusCode, body: response.json<{ status: number; message: string; data: T }>() };
  };
  const data = async <T>(url: string, headers: Record<string, string>, payload?: object) => {
    const { statusCode, body } = await post<T>(url, headers, payload);
    expect(statusCode).toBe(200);
    return body.data;
  };
  const leaves = (nodes: CustomerTreeNode[]): number[] =>
    nodes.flatMap((node) => (node.children ? leaves(node.children) : node.isLeaf ? [node.id] : []));
  /** The stores of a tree, by id. */
  const storeIds = (nodes: CustomerTreeNode[]) => leaves(nodes).sort((a, b) => a - b);

  describe('tree', () => {
    it('gives admins every organisation and a manager only their own, with lazy children', async () => {
      const tops = await data<CustomerTreeNode[]>(FilterPaths.newCustomerTree, admin);
      expect(tops).toHaveLength(plannedSizes('small').organisations);
      expect(tops[0]).toEqual({ id: DEMO_ORGANISATION_ID, name: DEMO_CUSTOMER_NAME, isLeaf: false });
      expect(await data(FilterPaths.newCustomerTree, manager, {})).toEqual([tops[0]]);

      const groups = await data<CustomerTreeNode[]>(FilterPaths.newCustomerTreeByParentId, manager, { parentId: DEMO_ORGANISATION_ID });
      expect(groups.length).toBeGreaterThan(1);
      const stores = await data<CustomerTreeNode[]>(FilterPaths.newCustomerTreeByParentId, manager, { parentId: groups[0]!.id });
      expect(stores.length).toBeGreaterThan(0);
      expect(stores.every((store) => store.isLeaf && !store.children)).toBe(true);
    });

    it('keeps only the branches with a store of the given contacts', async () => {
      const { contact } = demoStores[0]!;
      const withContact = demoStores.filter((store) => store.contact === contact).map((store) => store.id);
      const groups = await data<CustomerTreeNode[]>(FilterPaths.newCustomerTreeByParentId, admin, {
        parentId: DEMO_ORGANISATION_ID,
        contactNameList: [contact],
      });
      const subtrees = await Promise.all(groups.map((group) => data<CustomerTreeNode[]>(FilterPaths.customerTreeByCustomerId, admin, { id: group.id })));
      expect(storeIds(subtrees.flat()).filter((id) => withContact.includes(id))).toEqual(withContact);
      // And no group without such a store.
      for (const subtree of subtrees) expect(storeIds(subtree).some((id) => withContact.includes(id))).toBe(true);
      expect(await data(FilterPaths.newCustomerTree, admin, { contactNameList: ['无此联系人'] })).toEqual([]);
    });

    it('returns a whole subtree, nested three levels deep', async () => {
      const [organisation] = await data<CustomerTreeNode[]>(FilterPaths.customerTreeByCustomerId, manager, { id: DEMO_ORGANISATION_ID });
      expect(organisation).toMatchObject({ id: DEMO_ORGANISATION_ID, isLeaf: false });
      expect(organisation!.children![0]!.children![0]).toMatchObject({ isLeaf: true });
      expect(storeIds([organisation!])).toEqual(demoStores.map((store) => store.id));
    });

    it('searches store and ancestor names within the filters, nesting matches under their ancestors', async () => {
      const [store] = demoStores;
      const byStoreName = await data<CustomerTreeNode[]>(FilterPaths.newCustomerTreeByName, admin, { name: store!.name });
      expect(storeIds(byStoreName)).toEqual([store!.id]);
      expect(byStoreName[0]!.id).toBe(DEMO_ORGANISATION_ID);

      const byOrganisation = await data<CustomerTreeNode[]>(FilterPaths.newCustomerTreeByName, admin, { name: '味多美' });
      expect(storeIds(byOrganisation)).toEqual(demoStores.map((s) => s.id));

      const inDistrict = await data<CustomerTreeNode[]>(FilterPaths.newCustomerTreeByName, admin, {
        name: '味多美',
        districtId: store!.districtId,
      });
      expect(storeIds(inDistrict)).toEqual(demoStores.filter((s) => s.districtId === store!.districtId).map((s) => s.id));
      expect(await data(FilterPaths.newCustomerTreeByName, admin, { name: '味多美', areaId: 7 })).toEqual([]);
    });

    it(`caps a search at ${CUSTOMER_SEARCH_LIMIT} stores`, async () => {
      const everything = await data<CustomerTreeNode[]>(FilterPaths.newCustomerTreeByName, admin, { name: '（' });
      expect(storeIds(everything).length).toBe(Math.min(plannedSizes('small').stores, CUSTOMER_SEARCH_LIMIT));
    });
  });

  describe('scope', () => {
    it("gives a manager nothing of another organisation's tree", async () => {
      expect(await data(FilterPaths.customerTreeByCustomerId, manager, { id: OTHER_ORGANISATION_ID })).toEqual([]);
      expect(await data(FilterPaths.customerTreeByCustomerId, manager, { id: otherStoreId })).toEqual([]);
      expect(await data(FilterPaths.newCustomerTreeByParentId, manager, { parentId: OTHER_ORGANISATION_ID })).toEqual([]);
      const search = await data<CustomerTreeNode[]>(FilterPaths.newCustomerTreeByName, manager, { name: '（' });
      expect(storeIds(search)).toEqual(demoStores.map((store) => store.id));
    });

    it("lists only the manager's stores and their contacts", async () => {
      const page = await data<{ total: number; records: CustomerRecord[] }>(FilterPaths.customerPage, manager, { current: 1, size: 50 });
      expect(page.total).toBe(demoStores.length);
      expect(page.records.map((record) => record.id)).toEqual(demoStores.map((store) => store.id));
      expect(page.records.every((record) => record.organisationName === DEMO_CUSTOMER_NAME)).toBe(true);

      const names = await data<string[]>(FilterPaths.contactNameList, manager);
      expect(names).toEqual([...new Set(demoStores.map((store) => store.contact))].sort());
      expect(await data(FilterPaths.contactNameList, manager, { customerId: OTHER_ORGANISATION_ID })).toEqual([]);
      const everyone = await data<string[]>(FilterPaths.contactNameList, admin, {});
      expect(everyone.length).toBeGreaterThan(names.length);
    });
  });

  describe('store page', () => {
    it('pages through every store in scope once, with the total on every page', async () => {
      const size = 5;
      const seen: number[] = [];
      for (let current = 1; ; current++) {
        const page = await data<{ total: number; records: CustomerRecord[] }>(FilterPaths.customerPage, admin, { current, size });
        expect(page.total).toBe(plannedSizes('small').stores);
        if (page.records.length === 0) break;
        seen.push(...page.records.map((record) => record.id));
      }
      expect(seen).toHaveLength(plannedSizes('small').stores);
      expect(new Set(seen).size).toBe(seen.length);
      expect(seen).toEqual([...seen].sort((a, b) => a - b));
    });

    it('filters by name, sales area, district and contact', async () => {
      const [store] = demoStores;
      const byName = await data<{ total: number; records: CustomerRecord[] }>(FilterPaths.customerPage, admin, {
        current: 1,
        size: 10,
        name: store!.name,
      });
      expect(byName.records.map((record) => record.id)).toEqual([store!.id]);
      expect(byName.records[0]!.address).toMatch(/\p{Script=Han}+/u);

      const filtered = await data<{ total: number; records: CustomerRecord[] }>(FilterPaths.customerPage, manager, {
        current: 1,
        size: 50,
        areaIds: [store!.areaId],
        districtId: store!.districtId,
        contactNameList: [store!.contact],
      });
      const expected = demoStores.filter((s) => s.areaId === store!.areaId && s.districtId === store!.districtId && s.contact === store!.contact);
      expect(filtered.records.map((record) => record.id)).toEqual(expected.map((s) => s.id));
      expect(filtered.total).toBe(expected.length);
    });
  });

  describe('bad requests', () => {
    it.each([
      [FilterPaths.customerPage, { current: 0, size: 10 }, 'body/current'],
      [FilterPaths.customerPage, { current: 1, size: 10_000 }, 'body/size'],
      [FilterPaths.customerPage, { current: 1, size: 10, areaIds: ['a'] }, 'body/areaIds/0'],
      [FilterPaths.customerTreeByCustomerId, { id: 'one' }, 'body/id'],
      [FilterPaths.customerTreeByCustomerId, { id: -3 }, 'body/id'],
      [FilterPaths.newCustomerTreeByParentId, {}, 'body/parentId'],
      [FilterPaths.newCustomerTreeByName, { name: '' }, 'body/name'],
      [FilterPaths.contactNameList, { customerId: 2 ** 31 }, 'body/customerId'],
      [FilterPaths.newCustomerTreeByName, { name: '门\u0000店' }, 'body/name'],
    ])('%s answers 400 naming the field for %j', async (url, payload, field) => {
      const { statusCode, body } = await post(url, admin, payload);
      expect(statusCode).toBe(400);
      expect(body).toMatchObject({ status: 400, data: null });
      expect(body.message).toContain(field);
    });

    it('ignores properties it does not know, as a provider backend does', async () => {
      const plain = await post(FilterPaths.contactNameList, admin, { customerId: 1 });
      const extra = await post(FilterPaths.contactNameList, admin, { customerId: 1, extra: true, pets: [1] });
      expect(extra.statusCode).toBe(200);
      expect(extra.body).toEqual(plain.body);
    });

    it('refuses requests without a session', async () => {
      expect((await post(FilterPaths.newCustomerTree, {})).statusCode).toBe(401);
    });
  });
});
