import type { Resources } from '../zh/index.ts';

const summary: Resources['summary'] = {
  notQueried: '組織/店舗などの条件を選んで「検索」をクリックしてください',
  status: 'ステータス',
  riskStatus: {
    1: 'リスク継続中',
    2: '現在対応不可',
    8: '是正完了',
  },
  customerCode: '店舗コード',
  customerName: '店舗名',
  customerAddress: '店舗住所',
  serviceStaff: 'サービス担当者',
  realityStartTime: 'サービス開始時刻',
  realityEndTime: 'サービス終了時刻',
  regionName: 'エリア',
  pointName: 'ポイント',
  riskType: 'リスク種別',
  issueDesc: '具体的な問題',
  pestName: '対象害虫',
  advice: '是正アドバイス',
  followUpMeasure: 'フォロー措置',
  location: '位置',
  followUpType: 'フォロー担当',
  grade: 'リスクレベル',
  ageDays: '経過日数',
  ageingOpen: '未対応 {{days}} 日',
  ageingRectified: '是正まで {{days}} 日',
  overdue: '期限超過',
  notOverdue: '期限内',
  picturesList: '是正前の写真',
  rectifyPicturesList: '是正後の写真',
};

export default summary;
