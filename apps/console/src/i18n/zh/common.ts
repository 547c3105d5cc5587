export default {
  appName: '有害生物防治管理平台',
  appShortName: '虫控平台',
  export: '导出',
  total: '合计',
};
