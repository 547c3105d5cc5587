import { Type, type Static } from '@sinclair/typebox';
import { Code, Day, EditVersion, Id, Nullable, Text } from './common.ts';
import { Envelope } from './envelope.ts';
import { ReportTemplateTypeSchema, TransactionTypeSchema } from './report-templates.ts';

/**
 * 服务配置 (issue 38): per store, its service plans (period, visits per month, the pests covered,
 * the risk group), each plan's service regions as a tree (外围, 后厨 › 洗碗间 …) and its points
 * (a code unique within the plan, a device type, a region, a place on the floor plan). A record
 * with history (visits, checks, risks) is never deleted: its delete is refused with the reason.
 */
export const ServiceConfigPaths = {
  planList: '/api/admin/web/servicePlan/list',
  planSave: '/api/admin/web/servicePlan/save',
  planDelete: '/api/admin/web/servicePlan/delete',
  /** The plan's floor plan image (png/jpg through the upload flow); null goes back to the drawing of its regions. */
  floorPlanImage: '/api/admin/web/servicePlan/floorPlanImage',
  regionSave: '/api/admin/web/serviceRegion/save',
  regionDelete: '/api/admin/web/serviceRegion/delete',
  pointList: '/api/admin/web/point/list',
  pointSave: '/api/admin/web/point/save',
  pointDelete: '/api/admin/web/point/delete',
  /** A PDF of QR labels for a plan's points. */
  pointLabels: '/api/admin/web/point/labels',
} as const;

/** The floor plan's canvas (console-spec section 9: the placement map is 800×650); points are placed on it. */
export const FLOOR_PLAN_CANVAS = { width: 800, height: 650 } as const;
/** Regions nest at most this deep: 区域 › 子区域 › 位置. */
export const SERVICE_REGION_MAX_LEVEL = 3;
export const ServiceConfigLimits = { planName: 50, regionName: 30, pointCode: 20 } as const;

export const ServicePlanListBody = Type.Object({ customerId: Id }, { additionalProperties: false });

export const ServicePlanSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    /** The store the plan serves. */
    customerId: Id,
    name: Text(200),
    startDate: Day,
    endDate: Day,
    visitsPerMonth: Type.Integer({ minimum: 0, maximum: 1000 }),
    pestIds: Type.Optional(Type.Array(Code, { maxItems: 100 })),
    /** The risk types its visits record; the first group when absent. */
    riskGroupId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type ServicePlanSaveBody = Static<typeof ServicePlanSaveBody>;

export const ServicePlanDetail = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  name: Type.String(),
  startDate: Type.String(),
  endDate: Type.String(),
  visitsPerMonth: Type.Integer(),
  pestIds: Type.Array(Type.Integer()),
  riskGroupId: Type.Integer(),
  riskGroupName: Type.String(),
  regionCount: Type.Integer(),
  pointCount: Type.Integer(),
  /** Visits recorded under it: a plan with any is kept for ever. */
  visitCount: Type.Integer(),
  /** The contract the plan follows (合同), which sets its period, visits per month and report layout. */
  contractId: Nullable(Type.Integer()),
  contractName: Nullable(Type.String()),
  transactionType: TransactionTypeSchema,
  reportTemplateType: ReportTemplateTypeSchema,
});
export type ServicePlanDetail = Static<typeof ServicePlanDetail>;

/** What a top-level region is, for the plan's action thresholds; a sub-area is what its top region is. */
export const ServiceRegionType = { kitchen: 'kitchen', storage: 'storage', outside: 'outside', front: 'front' } as const;
export type ServiceRegionType = (typeof ServiceRegionType)[keyof typeof ServiceRegionType];
export const SERVICE_REGION_TYPE_LABELS: Record<ServiceRegionType, string> = { kitchen: '后厨/加工', storage: '仓储', outside: '外围', front: '前厅/其他' };

/** The type a top-level region named so is taken to be when none is chosen (as the regions before types were). */
export function guessedRegionType(name: string): ServiceRegionType {
  if (name.includes('外围')) return ServiceRegionType.outside;
  if (/后厨|加工|车间|厨房/.test(name)) return ServiceRegionType.kitchen;
  if (/仓/.test(name)) return ServiceRegionType.storage;
  return ServiceRegionType.front;
}

export const FloorPlanImageBody = Type.Object(
  {
    planId: Id,
    version: Type.Optional(EditVersion),
    /** An image our object storage served (its signed link may be sent back); null: the schematic drawn from the regions. */
    imageUrl: Nullable(Text(1000, { minLength: 1 })),
  },
  { additionalProperties: false },
);
export type FloorPlanImageBody = Static<typeof FloorPlanImageBody>;

export const ServiceRegionSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    planId: Id,
    parentId: Nullable(Id),
    name: Text(200),
    /** A top-level region's type (guessed from its name when absent); a sub-area takes its top region's. */
    regionType: Type.Optional(Type.Union(Object.values(ServiceRegionType).map((type) => Type.Literal(type)))),
  },
  { additionalProperties: false },
);
export type ServiceRegionSaveBody = Static<typeof ServiceRegionSaveBody>;

export const PointListBody = Type.Object({ planId: Id }, { additionalProperties: false });

export const PointSaveBody = Type.Object(
  {
    id: Type.Optional(Id),
    version: Type.Optional(EditVersion),
    planId: Id,
    regionId: Id,
    code: Text(200),
    deviceTypeId: Id,
    /** On the floor plan's canvas (FLOOR_PLAN_CANVAS), from its top left corner. */
    x: Type.Integer({ minimum: -100_000, maximum: 100_000 }),
    y: Type.Integer({ minimum: -100_000, maximum: 100_000 }),
  },
  { additionalProperties: false },
);
export type PointSaveBody = Static<typeof PointSaveBody>;

export const PointDetail = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  planId: Type.Integer(),
  regionId: Type.Integer(),
  regionName: Type.String(),
  code: Type.String(),
  deviceTypeId: Type.Integer(),
  deviceTypeName: Type.String(),
  x: Type.Integer(),
  y: Type.Integer(),
  /** The device placed at it, if any. */
  deviceId: Nullable(Type.Integer()),
  deviceNo: Nullable(Type.String()),
});
export type PointDetail = Static<typeof PointDetail>;

export const ServiceConfigDeleteBody = Type.Object({ id: Id, version: Type.Optional(EditVersion) }, { additionalProperties: false });
export type ServiceConfigDeleteBody = Static<typeof ServiceConfigDeleteBody>;

export const ServicePlanDetailListResponse = Envelope(Type.Array(ServicePlanDetail));
export const PointDetailListResponse = Envelope(Type.Array(PointDetail));
export const ServiceConfigSaveResponse = Envelope(Type.Object({ id: Type.Integer() }));
export const ServiceConfigDeleteResponse = Envelope(Type.Null());

export const ServiceConfigMessages = {
  planNotFound: '服务计划不存在',
  regionNotFound: '服务区域不存在',
  pointNotFound: '点位不存在',
  storeOnly: '服务计划只能建在门店下',
  storeNotFound: '门店不存在',
  storeSuspended: '门店已停用，不能修改其服务配置',
  riskGroupNotFound: '风险组不存在',
  pestNotFound: '虫害不存在',
  deviceTypeNotFound: '设备类型不存在',
  regionTooDeep: `服务区域最多${SERVICE_REGION_MAX_LEVEL}级`,
  regionParentElsewhere: '上级区域不属于该服务计划',
  regionParentIsSelf: '不能把区域移到自己或自己的下级之下',
  pointRegionElsewhere: '服务区域不属于该服务计划',
  pointCodeTaken: '点位编码已存在',
  planChangeForbidden: '不能把区域或点位移到另一个服务计划',
  planHasVisits: '服务计划已有服务记录，不能删除',
  floorPlanNotOurs: '平面图必须是本系统上传的图片',
  regionHasChildren: '该区域下还有子区域，不能删除',
  regionHasPoints: '该区域下还有点位，不能删除',
  regionHasHistory: '该区域已有服务记录，不能删除',
  pointHasHistory: '点位已有检查记录，不能删除',
  pointHasDevice: '点位已绑定设备，请先解绑',
} as const;
