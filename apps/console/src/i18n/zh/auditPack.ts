import { AUDIT_PACK_SECTION_FILES, AUDIT_PACK_STATE_LABELS, type AuditPackSection } from '@pest/shared';

/** A section's name as its file or folder in the zip, without the number and the extension: 02-点位布局图 → 点位布局图. */
const sectionLabel = Object.fromEntries(
  Object.entries(AUDIT_PACK_SECTION_FILES).map(([section, file]) => [section, file.replace(/^\d+-/, '').replace(/\.[a-z]+$/, '')]),
) as Record<AuditPackSection, string>;

/** 审计资料包 (issue 22). */
export default {
  sectionLabel,
  stateLabel: AUDIT_PACK_STATE_LABELS as Record<keyof typeof AUDIT_PACK_STATE_LABELS, string>,
  sections: '包含内容',
  coverAlways: '封面与目录总会生成',
  periodRequired: '请选择期间',
  generate: '生成',
  requested: '已开始生成审计资料包',
  progressTitle: '生成进度',
  stepNow: '正在生成：{{step}}',
  stepWaiting: '排队等候中',
  stepCount: '已完成 {{done}}/{{total}}',
  cancel: '取消',
  cancelConfirm: '确定取消生成该资料包吗？',
  cancelled: '已取消',
  download: '下载',
  downloadNamed: '下载审计资料包 {{id}}',
  recent: '最近的资料包',
  state: '状态',
  stores: '门店',
  period: '期间',
  createdAt: '创建时间',
  size: '大小',
  actions: '操作',
  empty: '暂无资料包',
  failedReason: '失败原因：{{reason}}',
};
