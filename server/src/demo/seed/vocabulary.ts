/**
 * Name parts the generator combines into a believable provider's data. Places come from the
 * administrative division package (see regions.ts); everything here is the trade's own wording.
 */

import type { Industry } from '../../backend/db/reference/catalog-vocabulary.ts';

export { DEPARTMENTS, PESTS, RISK_GROUPS, RISK_TYPES, SUPPLIERS, type Industry } from '../../backend/db/reference/catalog-vocabulary.ts';

/** Brand = one of the first parts + one of the second; the two sets share no character. */
export const BRAND_FIRST = [
  '鑫', '惠', '康', '盛', '嘉', '禾', '悦', '佳', '永', '金', '泰', '润', '汇', '鼎', '瑞',
  '源', '丰', '美', '乐', '喜', '旺', '顺', '兴', '晨', '新', '天', '优', '百', '湘', '蜀',
] as const;
export const BRAND_SECOND = [
  '记', '家', '味', '香', '品', '客', '膳', '里', '坊', '缘', '德', '隆', '华', '福', '鲜',
  '食', '满', '园', '苑', '轩',
] as const;

/** Per industry: the company-name suffix and the store formats an organisation runs under. */
export const INDUSTRIES: Record<Industry, { companySuffix: string; labels: readonly string[] }> = {
  restaurant: {
    companySuffix: '餐饮管理有限公司',
    labels: ['火锅', '烤鱼', '面馆', '茶餐厅', '酒楼', '烘焙', '小吃', '快餐', '饺子馆', '烧烤', '粥铺', '米线'],
  },
  supermarket: { companySuffix: '商业连锁有限公司', labels: ['超市', '生鲜超市', '便利店', '购物广场'] },
  hotel: { companySuffix: '酒店管理有限公司', labels: ['酒店', '大酒店', '精选酒店'] },
  // A factory's company name carries its label: 鑫记食品有限公司.
  factory: { companySuffix: '有限公司', labels: ['食品', '乳业', '肉制品', '饮品', '调味品'] },
};

/** How often each industry is drawn, out of the list length. */
export const INDUSTRY_DRAW: readonly Industry[] = [
  'restaurant', 'restaurant', 'restaurant', 'restaurant', 'restaurant', 'restaurant', 'restaurant', 'restaurant', 'restaurant',
  'supermarket', 'supermarket', 'supermarket', 'supermarket', 'supermarket',
  'hotel', 'hotel', 'hotel',
  'factory', 'factory', 'factory',
];

/** Where chain stores open: malls (whose floor goes after the street number) and other places. */
export const MALLS = [
  '万达广场', '吾悦广场', '万象城', '大悦城', '龙湖天街', '银泰城', '印象城', '凯德广场', '天虹购物中心',
  '爱琴海购物公园', '宝龙广场', '新世界百货', '万科广场',
] as const;
export const PLACES = [
  '步行街', '火车站', '高铁站', '人民广场', '大学城', '科技园', '体育中心', '会展中心', '华润万家', '中央公园',
  '滨江', '老街', '南站', '北站', '东门', '西门', '汽车站', '商业街', '湖滨', '世纪城', '金融街', '软件园',
  '工业园', '机场', '客运站',
] as const;

export const ROADS = [
  '人民路', '中山路', '解放路', '建设路', '和平路', '胜利路', '新华路', '长江路', '黄河路', '文化路',
  '青年路', '工农路', '复兴路', '建国路', '光明路', '朝阳路', '东风路', '五一路', '滨江路', '南京路',
  '北京路', '幸福路', '迎宾大道', '世纪大道', '科技大道', '学府路', '育才路', '府前街', '中华路', '民主路',
] as const;

export const SURNAMES = [
  '王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林',
  '何', '郭', '马', '罗', '梁', '宋', '郑', '谢', '韩', '唐', '冯', '于', '董', '萧', '程', '曹',
] as const;
export const GIVEN_NAMES = [
  '伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '涛', '明', '超',
  '秀英', '建华', '志强', '海燕', '建国', '晓东', '丽华', '俊杰', '文博', '雪梅', '国庆', '春梅', '红霞', '志刚',
  '晓燕', '立新', '海涛', '婷婷', '欣怡', '子涵', '浩然', '宇航', '佳怡', '梓萱',
] as const;
/** Chinese mobile prefixes after the leading 1. */
export const MOBILE_PREFIXES = ['35', '36', '37', '38', '39', '50', '51', '58', '59', '86', '87', '88', '89'] as const;

export const PLAN_YEAR = 2026;
export const MAIN_PLAN_NAME = `${PLAN_YEAR}年度虫害防治服务方案`;
export const SECOND_PLAN_NAMES = [
  `${PLAN_YEAR}年度鼠害专项治理方案`,
  `${PLAN_YEAR}年度卫生消杀服务方案`,
  `${PLAN_YEAR}年度飞虫控制服务方案`,
] as const;

/** A plan's regions: top-level areas and the sub-areas inside them, by industry. */
/** What a region is for an action threshold; its sub-areas share it. */
export type RegionType = 'kitchen' | 'storage' | 'outside' | 'front';
export type RegionTemplate = readonly { name: string; type: RegionType; subAreas: readonly string[] }[];
const OUTSIDE = { name: '外围', type: 'outside', subAreas: ['围墙周边', '垃圾房', '停车场', '绿化带'] } as const;
const KITCHEN = { name: '后厨', type: 'kitchen', subAreas: ['粗加工间', '热厨区', '冷菜间', '洗碗间', '面点间'] } as const;
export const REGION_TEMPLATES: Record<Industry, RegionTemplate> = {
  restaurant: [
    OUTSIDE,
    KITCHEN,
    { name: '仓库', type: 'storage', subAreas: ['干货仓', '冷库', '酒水仓'] },
    { name: '前厅', type: 'front', subAreas: ['用餐区', '收银台', '包间', '卫生间'] },
  ],
  hotel: [
    OUTSIDE,
    KITCHEN,
    { name: '仓库', type: 'storage', subAreas: ['布草间', '干货仓', '冷库'] },
    { name: '大堂', type: 'front', subAreas: ['前台', '大堂吧', '员工通道'] },
  ],
  supermarket: [
    { name: '外围', type: 'outside', subAreas: ['卸货区', '垃圾房', '停车场'] },
    { name: '卖场', type: 'front', subAreas: ['生鲜区', '熟食区', '干货区', '收银区'] },
    { name: '仓库', type: 'storage', subAreas: ['常温仓', '冷库', '退货区'] },
    { name: '加工间', type: 'kitchen', subAreas: ['肉类加工间', '面点加工间'] },
  ],
  factory: [
    { name: '外围', type: 'outside', subAreas: ['围墙周边', '垃圾站', '污水处理站', '绿化带'] },
    { name: '生产车间', type: 'kitchen', subAreas: ['原料处理区', '灌装线', '包装区', '更衣室'] },
    { name: '原料仓库', type: 'storage', subAreas: ['原料库', '辅料库'] },
    { name: '成品仓库', type: 'storage', subAreas: ['成品库', '发货区'] },
    { name: '办公区', type: 'front', subAreas: ['食堂', '办公室'] },
  ],
};

export const DEVICE_REMARKS = [
  '安装于货架底部', '靠近排水沟', '门后墙角', '冷库门口', '垃圾房内侧', '更换过电池', '客户要求重点关注',
] as const;
