import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Code, Id, IdList, NameList, Nullable, PageNumber, QueryId, Text } from './common.ts';
import { Envelope } from './envelope.ts';

/**
 * Filter-support calls (console-spec section 7, "Filter support"): everything the shared filter
 * form loads its options from. Where the spec writes `.../x`, the path is under
 * /api/admin/web/webCustomer. Shapes the spec leaves open are designed here and documented in the
 * reference backend's OpenAPI output.
 */
const WEB_CUSTOMER = '/api/admin/web/webCustomer';
export const FilterPaths = {
  customerTreeByCustomerId: `${WEB_CUSTOMER}/selectCustomerTreeByCustomerId`,
  contactNameList: `${WEB_CUSTOMER}/getContactNameList`,
  regionTree: '/api/user/web/company/regionTree',
  salesAreaList: '/api/admin/web/customer/area/getList',
  dictionaryDownList: '/api/admin/web/systemConfig/dictionaryDownList',
  newCustomerTree: `${WEB_CUSTOMER}/selectNewCustomerTree`,
  newCustomerTreeByParentId: `${WEB_CUSTOMER}/selectNewCustomerTreeByParentId`,
  newCustomerTreeByName: `${WEB_CUSTOMER}/selectNewCustomerTreeByName`,
  customerPage: `${WEB_CUSTOMER}/selectCustomerPage`,
  servicePlanList: `${WEB_CUSTOMER}/medium/getList`,
  serviceRegionList: `${WEB_CUSTOMER}/region/regionList`,
  pointByParam: `${WEB_CUSTOMER}/selectPointByParam`,
  riskTypeList: `${WEB_CUSTOMER}/selectProportionType`,
  riskIssueList: `${WEB_CUSTOMER}/selectProportionTypeByParentId`,
  pestsByType: '/api/admin/web/insectPest/selectByType',
  deviceTypes: '/api/admin/web/deviceType/selectAllByName',
} as const;

/** Dictionary type ids used by dictionaryDownList (type 0 lists the pests, as insectPest/selectByType does). */
export const DictionaryType = { pest: 0, supplier: 18 } as const;
/** insectPest/selectByType: type 0 is pests. */
export const PestListType = { pest: 0 } as const;

export const NamedItem = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NamedItem = Static<typeof NamedItem>;

/** Customer organisation / store tree node (spec: id, name, children). */
export interface CustomerTreeNode {
  id: number;
  name: string;
  /** True when the node has no children (a store); lazy trees use it to show no expander. */
  isLeaf: boolean;
  children?: CustomerTreeNode[];
}
export const CustomerTreeNode = Type.Recursive(
  (Node) =>
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      isLeaf: Type.Boolean(),
      children: Type.Optional(Type.Array(Node)),
    }),
  { $id: 'CustomerTreeNode' },
);

/** Administrative region (GB/T 2260) tree node under root 100000. */
export interface RegionTreeNode {
  id: number;
  name: string;
  childList?: RegionTreeNode[];
}
export const RegionTreeNode = Type.Recursive(
  (Node) => Type.Object({ id: Type.Integer(), name: Type.String(), childList: Type.Optional(Type.Array(Node)) }),
  { $id: 'RegionTreeNode' },
);

/** A service plan's region (e.g. 后厨 > 洗碗间), with its level in the plan's tree (1 = top). */
export interface ServiceRegionNode {
  id: number;
  name: string;
  level: number;
  subList?: ServiceRegionNode[];
}
export const ServiceRegionNode = Type.Recursive(
  (Node) =>
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      level: Type.Integer(),
      subList: Type.Optional(Type.Array(Node)),
    }),
  { $id: 'ServiceRegionNode' },
);

/**
 * Service plan ("medium"): its riskId selects the risk-type list. Plans of different stores share
 * names (2026年度虫害防治服务方案), so the store comes along for lists that span several.
 */
export const ServicePlan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  riskId: Type.Integer(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  /** The contract the plan follows (合同), if any. */
  contractId: Nullable(Type.Integer()),
  contractName: Nullable(Type.String()),
});
export type ServicePlan = Static<typeof ServicePlan>;

/** A monitoring point: a device placed at a region of a plan. name is the device type and code: 粘鼠板 A-012. */
export const PointOption = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  pointCode: Type.String(),
  deviceTypeId: Type.Integer(),
  deviceTypeName: Type.String(),
  regionId: Type.Integer(),
  regionName: Type.String(),
});
export type PointOption = Static<typeof PointOption>;

export const CustomerRecord = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  /** The organisation the store belongs to. */
  organisationName: Type.String(),
});
export type CustomerRecord = Static<typeof CustomerRecord>;

/** selectNewCustomerTreeByName returns at most this many matching stores (with their ancestors). */
export const CUSTOMER_SEARCH_LIMIT = 200;

export const Page = <T extends TSchema>(record: T) =>
  Type.Object({ total: Type.Integer(), records: Type.Array(record) });
/** What a `Page` schema answers: a generic TypeBox schema has no generic static type to derive it from. */
export interface Page<T> {
  total: number;
  records: T[];
}
/** A page of a sheet with its 合计 row, which adds up every row the filters match, not only this page's. */
export type PageWithTotalRow<T> = Page<T> & { totalRow: T };

// Requests
export const CustomerIdBody = Type.Object({ id: Id }, { additionalProperties: false });
/** Distinct contact names of the stores in scope, optionally within one customer's subtree and one sales area. */
export const ContactNameListBody = Type.Object(
  { customerId: Type.Optional(Id), areaId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type ContactNameListBody = Static<typeof ContactNameListBody>;
export const RegionTreeQuery = Type.Object({ id: Type.Optional(QueryId) });
export const DictionaryBody = Type.Object({ typeId: Code }, { additionalProperties: false });
/** The tops of the tree in scope (every organisation for admins); with contacts, only those with such a store. */
export const NewCustomerTreeBody = Type.Object({ contactNameList: Type.Optional(NameList) }, { additionalProperties: false });
export type NewCustomerTreeBody = Static<typeof NewCustomerTreeBody>;
export const TreeByParentBody = Type.Object(
  { parentId: Id, contactNameList: Type.Optional(NameList) },
  { additionalProperties: false },
);
export type TreeByParentBody = Static<typeof TreeByParentBody>;
/**
 * Search the organisation tree by name, optionally within an administrative region and a sales
 * area: stores whose own name or an ancestor's contains `name`, with their ancestors, nested.
 */
export const TreeByNameBody = Type.Object(
  {
    name: Text(64, { minLength: 1 }),
    provinceId: Type.Optional(Id),
    cityId: Type.Optional(Id),
    districtId: Type.Optional(Id),
    areaId: Type.Optional(Id),
    contactNameList: Type.Optional(NameList),
  },
  { additionalProperties: false },
);
export type TreeByNameBody = Static<typeof TreeByNameBody>;
/**
 * The filter form's fields that narrow stores by where they are and who they are run by: sales
 * area(s), administrative region, contacts. Each one given narrows further; every store-based
 * list, summary and chart takes them.
 */
export const StoreNarrowingFields = {
  provinceId: Type.Optional(Id),
  cityId: Type.Optional(Id),
  districtId: Type.Optional(Id),
  areaId: Type.Optional(Id),
  areaIds: Type.Optional(IdList),
  contactNameList: Type.Optional(NameList),
};
/** The non-admin store list: stores in scope matching every filter given, by id. */
export const CustomerPageBody = Type.Object(
  {
    current: PageNumber,
    size: Type.Integer({ minimum: 1, maximum: 500 }),
    name: Type.Optional(Text(64)),
    ...StoreNarrowingFields,
  },
  { additionalProperties: false },
);
export type CustomerPageBody = Static<typeof CustomerPageBody>;
export const CustomerIdQuery = Type.Object({ customerId: QueryId });
export const MediumIdQuery = Type.Object({ mediumId: QueryId });
export const PointByParamBody = Type.Object(
  { mediumId: Id, deviceTypeIds: Type.Optional(IdList) },
  { additionalProperties: false },
);
export type PointByParamBody = Static<typeof PointByParamBody>;
/** A risk group (a plan's riskId); absent: every risk type by name, for forms without a plan (screen 8). */
export const RiskTypeQuery = Type.Object({ id: Type.Optional(QueryId) });
export const ParentIdQuery = Type.Object({ parentId: QueryId });
export const PestTypeQuery = Type.Object({ type: Code });
export const DeviceTypeBody = Type.Object(
  { name: Type.Optional(Text(64)) },
  { additionalProperties: false },
);

// Responses
export const NamedListResponse = Envelope(Type.Array(NamedItem));
export const StringListResponse = Envelope(Type.Array(Type.String()));
export const CustomerTreeResponse = Envelope(Type.Array(CustomerTreeNode));
export const RegionTreeResponse = Envelope(Type.Array(RegionTreeNode));
export const ServiceRegionResponse = Envelope(Type.Array(ServiceRegionNode));
export const ServicePlanListResponse = Envelope(Type.Array(ServicePlan));
export const PointListResponse = Envelope(Type.Array(PointOption));
export const CustomerPageResponse = Envelope(Page(CustomerRecord));
