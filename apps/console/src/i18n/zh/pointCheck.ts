export default {
  back: '返回服务报告',
  jobCode: '工单编号：{{code}}',
  jobStore: '门店：{{store}}',
  missingJobTitle: '未指定工单',
  missingJobHint: '请在服务报告列表中点击「点检表」打开。',
  empty: '抱歉，当前相关信息暂无数据！', // console-spec §2, screen 11
};
