import { DEVICE_KIND_LABELS, FilterMessages, type FilterRule } from '@pest/shared';

// A query refused before anything is sent: the shared rules' messages, which the server answers too.
const refusal: Record<FilterRule, string> = {
  organisationRequired: FilterMessages.organisationRequired, // console-spec §5
  customerTypeRequired: FilterMessages.customerTypeRequired, // console-spec §5
  storeRequiredForCustomerType: FilterMessages.storeRequiredForCustomerType, // console-spec §5 (the spec asks for a warning without its text; this mirrors the region message, space before the comma included)
  areaRequiredForRegionType: FilterMessages.areaRequiredForRegionType, // console-spec §5
  riskChoiceRequired: FilterMessages.riskChoiceRequired, // console-spec §5
  comparisonTimeRequired: FilterMessages.comparisonTimeRequired, // console-spec §5
};

export default {
  area: '大区',
  areaCascader: '行政区域',
  contacts: '联系人',
  organisation: '组织架构/门店',
  plan: '服务计划',
  serviceRegion: '服务区域',
  riskType: '风险类型',
  riskBasis: '风险选择',
  issueDesc: '具体问题',
  deviceType: '设备类型',
  device: '设备',
  deviceKind: '设备类别',
  pests: '虫害',
  customerType: '大区/客户',
  basis: '统计口径',
  workType: '报表类型',
  timeType: '时间类型',
  dateRange: '服务时间',
  comparisonRange: '对比时间',
  customerTypeRegion: '大区',
  customerTypeCustomer: '客户',
  basisPest: '虫害',
  basisRisk: '风险',
  workTypeTrend: '趋势',
  workTypeComparison: '对比',
  timeTypeByMonth: '按月',
  timeTypeByOccurrence: '按发生时间',
  riskBasisByType: '按风险类型',
  riskBasisByIssue: '按具体问题',
  deviceKindNbRodentBox: DEVICE_KIND_LABELS[1],
  deviceKindLoraRodentBox: DEVICE_KIND_LABELS[2],
  deviceKindLoraGateway: DEVICE_KIND_LABELS[3],
  choose: '请选择',
  planOfStore: '{{plan}}（{{store}}）',
  searchByName: '输入名称搜索',
  chooseOrganisationFirst: '请先选择组织架构/门店',
  choosePlanFirst: '请先选择服务计划',
  startDate: '开始日期',
  endDate: '结束日期',
  selectAll: '全选',
  deselectAll: '取消全选',
  wholeOrganisation: '{{name}}（全部门店）',
  loadedOf: '已加载 {{loaded}} / {{total}}',
  lastWeek: '最近一周',
  lastMonth: '最近一个月',
  lastThreeMonths: '最近三个月',
  shortcutsWholeMonths: '按月统计：快捷选项从整月的 1 日开始',
  query: '查询',
  reset: '重置',
  filters: '筛选',
  nothingChosen: '未选择筛选条件',
  previewHint: '开发与支持用：查看筛选表单在各种配置下查询时发送的请求参数。',
  previewConfig: '表单配置',
  presetFull: '全部字段',
  presetMultiStore: '多门店',
  presetStoreRequired: '门店必选',
  requestBody: '请求参数',
  notQueried: '尚未查询：填写条件后点击「查询」。',
  resultsCleared: '已重置：结果已清空。',
  refusal,
};
