export default {
  back: '返回服务报告',
  jobCode: '工单编号：{{code}}',
  jobStore: '门店：{{store}}',
  missingJobTitle: '未指定工单',
  missingJobHint: '请在服务报告列表中点击「点检表」打开。',
  empty: '抱歉，当前相关信息暂无数据！', // console-spec §2, screen 11
  materials: {
    title: '用药记录',
    empty: '本次服务未使用药剂或耗材',
    materialName: '药剂/耗材',
    kind: '类别',
    registrationNo: '农药登记证号',
    activeIngredient: '有效成分',
    lotNo: '批号',
    quantity: '用量',
    regionName: '使用位置',
    kinds: { rodenticide: '杀鼠剂', insecticide: '杀虫剂', bait: '诱饵', glueBoard: '粘板', consumable: '耗材' },
    units: { sheet: '{{quantity}} 张', tube: '{{quantity}} 支', piece: '{{quantity}} 个' },
  },
};
