export default {
  appName: '有害生物防治管理平台',
  appShortName: '虫控平台',
  export: '导出',
  total: '合计',
  save: '保存',
  cancel: '取消',
  loading: '努力加载中...', // console-spec §9: the loading overlay
  noData: '暂无数据', // console-spec §5, §8: an empty chart, and the first dashboard chart's warning
  moreCards: '再显示 {{count}} 条（已显示 {{shown}} / {{total}}）',
  exporting: '正在导出...', // console-spec §8
  downloading: '正在下载', // console-spec §8
  exportDone: '导出成功', // console-spec §8
  downloadDone: '下载成功', // console-spec §8
  columnSettings: '列设置',
  moveColumnUp: '上移 {{name}}',
  moveColumnDown: '下移 {{name}}',
  resetColumns: '恢复默认',
  /** Names of controls that show none (table selection, the page jumper), read by screen readers. */
  a11y: { selectAll: '全选', selectRow: '选择此行', goToPage: '跳至页码' },
};
