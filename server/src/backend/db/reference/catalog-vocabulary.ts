/**
 * The trade's reference vocabulary, which every start has, demo or not: the pest catalogue, the
 * risk types and their issues, the risk groups by industry, the device suppliers and the
 * provider's departments.
 */

export type Industry = 'restaurant' | 'supermarket' | 'hotel' | 'factory';

/** Pests (insectPest type 0). */
export const PESTS = [
  '德国小蠊', '美洲大蠊', '澳洲大蠊', '褐家鼠', '黄胸鼠', '小家鼠', '家蝇', '果蝇', '蛾蠓', '麻蝇',
  '蚂蚁', '书虱', '淡色库蚊', '白纹伊蚊', '衣鱼', '蜘蛛',
] as const;


export const SUPPLIERS = [
  '深圳市安捕物联科技有限公司',
  '杭州鼠控智能科技有限公司',
  '广州绿源物联网科技有限公司',
  '上海虫控智能设备有限公司',
  '成都天网监测技术有限公司',
] as const;


/** Risk types, each with its issue descriptions; every risk group (riskId) gets the same list. */
export const RISK_TYPES = [
  { name: '结构风险', issues: ['门缝大于6mm', '墙体孔洞未封堵', '管道穿墙处缝隙未封堵', '天花板破损', '排水口未加防鼠网'] },
  { name: '卫生风险', issues: ['地面油污积存', '垃圾未及时清运', '下水道有食物残渣', '设备底部积存食物残渣'] },
  { name: '管理风险', issues: ['门帘损坏或未放下', '灭蝇灯未开启', '货物离墙离地不足10cm', '门未随手关闭'] },
  { name: '储存风险', issues: ['原料未离地存放', '纸箱长期堆积', '过期物品未清理'] },
  { name: '外部环境风险', issues: ['周边绿化带发现鼠洞', '周边垃圾站虫害滋生', '邻近施工工地'] },
] as const;


/** Risk groups (a plan's riskId), by the industries that use them. */
export const RISK_GROUPS: readonly { id: number; name: string; industries: readonly Industry[] }[] = [
  { id: 1, name: '餐饮酒店风险体系', industries: ['restaurant', 'hotel'] },
  { id: 2, name: '商超风险体系', industries: ['supermarket'] },
  { id: 3, name: '食品工厂风险体系', industries: ['factory'] },
];


/** The provider's department tree: branches, and the teams bound to customers under each. */
export const DEPARTMENTS = {
  headquarters: '总部',
  branches: ['华北分公司', '华东分公司', '华南分公司'],
  teams: ['服务一部', '服务二部', '技术支持部'],
} as const;
