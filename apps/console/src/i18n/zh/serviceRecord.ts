import { JOB_ORDER_STATE_LABELS, SERVICE_TYPE_LABELS } from '@pest/shared';
import { enumLabels } from '../enumLabels.ts';

export default {
  listTitle: '服务报告列表',
  staffName: '服务人员',
  staffNamePlaceholder: '请输入服务人员姓名',
  jobOrderName: '工单名称',
  jobOrderNamePlaceholder: '请输入工单名称',
  serviceStart: '服务开始时间',
  serviceEnd: '服务结束时间',
  rangeStart: '开始时间',
  rangeEnd: '结束时间',
  code: '工单编号',
  store: '门店',
  serviceType: '服务类型',
  serviceContent: '服务内容',
  actualStart: '实际开始时间',
  actualEnd: '实际结束时间',
  actions: '操作',
  preview: '预览',
  download: '下载',
  pointCheck: '点检表',
  batchDownload: '批量下载',
  selected: '已选 {{count}} 条',
  packing: '正在打包 {{done}} / {{total}}',
  cancelBatch: '取消',
  batchCancelled: '已取消批量下载',
  batchFailedTitle: '{{count}} 份报告未能下载',
  batchFailedHint: '压缩包中不包含以下报告：',
  type: enumLabels(SERVICE_TYPE_LABELS),
  /** Shown in 实际结束时间 while a job order is not done (issue 18). */
  state: JOB_ORDER_STATE_LABELS,
  noPreview: '该条信息暂无报告可预览！', // console-spec §5
  noDownload: '该条信息暂无报告可下载！', // console-spec §5
  batchSelectionRequired: '批量下载请至少选择一条数据！', // console-spec §5
};
