import { RISK_STATUS_LABELS } from '@pest/shared';
import { enumLabels } from '../enumLabels.ts';

export default {
  notQueried: '请选择组织架构/门店等筛选条件后点击「查询」',
  status: '状态',
  riskStatus: enumLabels(RISK_STATUS_LABELS),
  customerCode: '门店编号',
  customerName: '门店名称',
  customerAddress: '门店地址',
  serviceStaff: '服务人员',
  realityStartTime: '服务开始时间',
  realityEndTime: '服务结束时间',
  regionName: '区域',
  pointName: '点位',
  riskType: '风险类型',
  issueDesc: '具体问题',
  pestName: '目标虫害',
  advice: '整改建议',
  followUpMeasure: '跟进措施',
  location: '位置',
  followUpType: '跟进方',
  grade: '风险等级',
  picturesList: '整改前照片',
  rectifyPicturesList: '整改后照片',
};
