/**
 * The trade knowledge behind generated job orders: what each device records and how often it
 * finds something, when pests are active, where in a store, what a technician advises. Device
 * types, pests and risk issues are named as the catalog seeds them (vocabulary.ts, catalog.ts).
 */

/** Activity by month (January first), relative to the year's average, per kind of pest. */
export const SEASONS = {
  // Rodents move indoors when it gets cold.
  rodent: [1.4, 1.3, 1.1, 0.9, 0.8, 0.7, 0.7, 0.8, 1.0, 1.2, 1.4, 1.5],
  cockroach: [0.5, 0.5, 0.7, 0.9, 1.2, 1.6, 1.9, 1.9, 1.5, 1.0, 0.7, 0.5],
  fly: [0.2, 0.2, 0.4, 0.8, 1.3, 1.9, 2.3, 2.2, 1.6, 0.9, 0.4, 0.2],
  mosquito: [0.1, 0.1, 0.2, 0.5, 1.2, 2.0, 2.6, 2.4, 1.5, 0.6, 0.2, 0.1],
} as const;
export type PestKind = keyof typeof SEASONS;

/**
 * What a check of each device type reads, and on an average visit how often (chance, percent),
 * how much when it does (mean: individuals, or percent of bait eaten) and at most (what the
 * device holds). A smart box's catches come only with a trigger: their chance is per triggered
 * box, and there are never more of them than triggers.
 */
export interface CheckReading {
  metric: 'catch' | 'trigger' | 'bait';
  pest: string | null;
  kind: PestKind;
  chance: number;
  mean: number;
  max: number;
}

const rodentCatches = (chances: [number, number, number], max: number): CheckReading[] =>
  (['褐家鼠', '小家鼠', '黄胸鼠'] as const).map((pest, i) => ({ metric: 'catch', pest, kind: 'rodent', chance: chances[i]!, mean: 1.2, max }));
const smartBox: CheckReading[] = [
  { metric: 'trigger', pest: null, kind: 'rodent', chance: 8, mean: 3, max: 30 },
  { metric: 'catch', pest: '褐家鼠', kind: 'rodent', chance: 25, mean: 1, max: 2 },
  { metric: 'catch', pest: '小家鼠', kind: 'rodent', chance: 15, mean: 1, max: 2 },
];

export const CHECK_READINGS: Record<string, readonly CheckReading[]> = {
  粘鼠板: [...rodentCatches([2, 3, 1], 3), { metric: 'catch', pest: '德国小蠊', kind: 'cockroach', chance: 6, mean: 3, max: 30 }],
  鼠饵站: [{ metric: 'bait', pest: null, kind: 'rodent', chance: 9, mean: 25, max: 100 }],
  捕鼠笼: rodentCatches([3, 2, 1], 2),
  灭蝇灯: [
    { metric: 'catch', pest: '家蝇', kind: 'fly', chance: 60, mean: 10, max: 150 },
    { metric: 'catch', pest: '果蝇', kind: 'fly', chance: 45, mean: 14, max: 200 },
    { metric: 'catch', pest: '蛾蠓', kind: 'fly', chance: 30, mean: 6, max: 80 },
    { metric: 'catch', pest: '麻蝇', kind: 'fly', chance: 15, mean: 3, max: 30 },
    { metric: 'catch', pest: '淡色库蚊', kind: 'mosquito', chance: 25, mean: 5, max: 60 },
    { metric: 'catch', pest: '白纹伊蚊', kind: 'mosquito', chance: 18, mean: 4, max: 50 },
  ],
  蟑螂屋: [
    { metric: 'catch', pest: '德国小蠊', kind: 'cockroach', chance: 20, mean: 6, max: 60 },
    { metric: 'catch', pest: '美洲大蠊', kind: 'cockroach', chance: 8, mean: 2, max: 15 },
    { metric: 'catch', pest: '澳洲大蠊', kind: 'cockroach', chance: 3, mean: 1.5, max: 10 },
  ],
  '智能鼠盒 NB-IoT': smartBox,
  '智能鼠盒 LoRa': smartBox,
};

/** Sub-areas by how much pests like them: waste and wet food areas most, offices least. */
export const REGION_ACTIVITY = [
  { pattern: '(垃圾|洗碗|粗加工|热厨|卸货|污水|生鲜|熟食|原料处理|面点)', weight: 2.2 },
  { pattern: '(仓|库|冷菜|包间|用餐|食堂|退货|围墙|绿化|停车|灌装|包装|发货)', weight: 1.1 },
] as const;
export const OTHER_REGION_WEIGHT = 0.6;

/** One store in eight has a pest problem; a third are well kept. */
export const STORE_ACTIVITY = { problemPercent: 12, problemFactor: 3, tidyPercent: 33, tidyFactor: 0.5 } as const;

/** Emergency call-outs: per store and month, in tenths of a percent, and what they are about. */
export const EMERGENCY = { chance: 40, problemChance: 160, kinds: ['rodent', 'cockroach', 'fly'] as PestKind[], activityFactor: 2.5 } as const;
export const EMERGENCY_NAMES: Record<string, { visit: string; followUp: string }> = {
  rodent: { visit: '紧急鼠患处理', followUp: '鼠患处理效果跟进' },
  cockroach: { visit: '紧急蟑螂消杀', followUp: '蟑螂消杀效果跟进' },
  fly: { visit: '紧急飞虫处理', followUp: '飞虫处理效果跟进' },
};
/** Other visits per store and month, in tenths of a percent. */
export const FOLLOW_UP = { chance: 80, problemChance: 200, name: '风险整改跟进' } as const;
export const FREE_VISIT = { chance: 25, name: '免费加强服务' } as const;
/** Routine visits are booked this many days ahead; call-outs when they happen. */
export const PLANNING_HORIZON_DAYS = 7;
/** Booked visits that do not happen on their day (store closed, technician off sick), in percent: they become overdue. */
export const MISSED_VISIT_PERCENT = 2;

/** Technicians per sales area; a store has its regular one, who does most of its visits. */
export const TECHNICIANS_PER_AREA = 12;
export const REGULAR_TECHNICIAN_PERCENT = 85;

/**
 * The pests a visit treats (its service content). Routine visits of a plan whose name carries
 * one of the keywords treat that plan's pests, the others the general list (with mosquitoes in
 * summer); emergencies and their follow-ups the pests they were called for.
 */
export const SERVICE_CONTENT: Record<string, readonly string[]> = {
  routine: ['褐家鼠', '德国小蠊', '家蝇'],
  'routine-summer': ['褐家鼠', '德国小蠊', '家蝇', '白纹伊蚊'],
  鼠害: ['褐家鼠', '小家鼠', '黄胸鼠'],
  消杀: ['德国小蠊', '美洲大蠊', '家蝇'],
  飞虫: ['家蝇', '果蝇', '蛾蠓', '白纹伊蚊'],
  rodent: ['褐家鼠', '小家鼠'],
  cockroach: ['德国小蠊', '美洲大蠊'],
  fly: ['家蝇', '果蝇', '蛾蠓'],
};
export const PLAN_KEYWORDS = ['鼠害', '消杀', '飞虫'] as const;
export const SUMMER_MONTHS = [6, 7, 8, 9] as const;

/** What a technician writes for each issue description, who follows it up, and the pests it invites. */
export const ISSUE_ADVICE: Record<string, { advice: string; measure: string; followUp: 1 | 2; pests: readonly string[] }> = {
  门缝大于6mm: { advice: '门底加装防鼠挡板，门缝控制在6mm以内', measure: '加装防鼠挡板', followUp: 1, pests: ['褐家鼠', '小家鼠'] },
  墙体孔洞未封堵: { advice: '使用水泥砂浆或钢丝网封堵墙体孔洞', measure: '封堵孔洞', followUp: 1, pests: ['褐家鼠', '黄胸鼠'] },
  管道穿墙处缝隙未封堵: { advice: '管道穿墙处用防火泥或钢丝绒填塞封堵', measure: '缝隙封堵', followUp: 2, pests: ['小家鼠', '德国小蠊'] },
  天花板破损: { advice: '修补破损天花板，检查吊顶内有无鼠迹', measure: '维修天花板', followUp: 1, pests: ['黄胸鼠'] },
  排水口未加防鼠网: { advice: '排水口加装不锈钢防鼠网并定期清理', measure: '加装防鼠网', followUp: 2, pests: ['褐家鼠', '美洲大蠊'] },
  地面油污积存: { advice: '每日营业结束后清洁地面油污，保持干燥', measure: '加强清洁', followUp: 1, pests: ['德国小蠊', '蛾蠓'] },
  垃圾未及时清运: { advice: '垃圾桶加盖，垃圾日产日清', measure: '及时清运垃圾', followUp: 1, pests: ['家蝇', '褐家鼠'] },
  下水道有食物残渣: { advice: '清理下水道并加装过滤网，每周疏通一次', measure: '清理下水道', followUp: 1, pests: ['蛾蠓', '美洲大蠊'] },
  设备底部积存食物残渣: { advice: '定期移开设备清理底部残渣', measure: '设备底部清洁', followUp: 1, pests: ['德国小蠊'] },
  门帘损坏或未放下: { advice: '更换损坏的风帘或门帘，营业期间保持放下', measure: '更换门帘', followUp: 1, pests: ['家蝇', '麻蝇'] },
  灭蝇灯未开启: { advice: '灭蝇灯全天开启，由专人每日检查', measure: '开启灭蝇灯', followUp: 1, pests: ['家蝇', '果蝇'] },
  货物离墙离地不足10cm: { advice: '货物离墙离地10cm以上存放，便于检查', measure: '调整货物摆放', followUp: 1, pests: ['小家鼠', '德国小蠊'] },
  门未随手关闭: { advice: '张贴随手关门提示，后门加装闭门器', measure: '加装闭门器', followUp: 1, pests: ['褐家鼠', '家蝇'] },
  原料未离地存放: { advice: '原料放置于货架或垫板上，离地15cm以上', measure: '原料上架', followUp: 1, pests: ['小家鼠'] },
  纸箱长期堆积: { advice: '及时清理废弃纸箱，避免蟑螂藏匿', measure: '清理纸箱', followUp: 1, pests: ['德国小蠊'] },
  过期物品未清理: { advice: '定期清理过期物品，先进先出', measure: '清理过期物品', followUp: 1, pests: ['书虱', '果蝇'] },
  周边绿化带发现鼠洞: { advice: '鼠洞投放鼠药后封堵，外围增设鼠饵站', measure: '增设外围鼠饵站', followUp: 2, pests: ['褐家鼠'] },
  周边垃圾站虫害滋生: { advice: '与物业沟通加强垃圾站清洁，增加灭蝇措施', measure: '协调物业处理', followUp: 2, pests: ['家蝇', '美洲大蠊'] },
  邻近施工工地: { advice: '施工期间加密外围巡检，增加监测点位', measure: '加密巡检', followUp: 2, pests: ['褐家鼠', '黄胸鼠'] },
};

/** Where in a sub-area a risk is: 洗碗间排水沟旁. */
export const RISK_SPOTS = ['墙角', '门口', '排水沟旁', '货架下方', '设备底部', '管道井', '吊顶内', '窗台'] as const;

/**
 * Risks per visit, in percent: the chance of a first, second and third one; problem stores have
 * more. Grades: low below the first percent, medium below the second, else high.
 */
export const RISKS_PER_VISIT = { usual: [22, 7, 2], problem: [55, 25, 10] } as const;
export const RISK_GRADE_DRAW = { lowBelow: 55, mediumBelow: 88 } as const;
export const RISK_RECTIFICATION = { minDays: 2, spreadDays: 28, cannotHandlePercent: 8, neglectedPercent: 25 } as const;
