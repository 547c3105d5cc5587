/** 操作日志 (系统管理): the screen's own words; the log's columns, objects, actions and fields are shared with the export (AUDIT_TEXTS). */
export default {
  objectType: '对象类型',
  objectId: '对象编号',
  query: '查询',
  reset: '重置',
  note: '记录不可修改或删除',
};
