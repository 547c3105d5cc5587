/**
 * A schematic tile map of China: each province-level division on one cell of a 9×9 grid, placed
 * roughly where it lies (north at row 0). No maintained npm package ships China's outlines for
 * ECharts (the one that does dates from 2016), and a tile map keeps small eastern provinces as
 * readable as large western ones. Keys are the full names the backend's regions use.
 */
export const PROVINCE_TILES: Record<string, readonly [col: number, row: number]> = {
  黑龙江省: [7, 0],
  内蒙古自治区: [5, 1],
  吉林省: [7, 1],
  新疆维吾尔自治区: [0, 2],
  甘肃省: [2, 2],
  宁夏回族自治区: [3, 2],
  山西省: [4, 2],
  北京市: [5, 2],
  辽宁省: [6, 2],
  西藏自治区: [0, 3],
  青海省: [1, 3],
  陕西省: [3, 3],
  河北省: [4, 3],
  天津市: [5, 3],
  四川省: [2, 4],
  重庆市: [3, 4],
  河南省: [4, 4],
  山东省: [5, 4],
  贵州省: [2, 5],
  湖北省: [3, 5],
  安徽省: [4, 5],
  江苏省: [5, 5],
  上海市: [6, 5],
  云南省: [1, 6],
  湖南省: [3, 6],
  江西省: [4, 6],
  浙江省: [5, 6],
  广西壮族自治区: [2, 7],
  广东省: [3, 7],
  福建省: [4, 7],
  台湾省: [6, 7],
  海南省: [2, 8],
  澳门特别行政区: [3, 8],
  香港特别行政区: [4, 8],
};
export const GRID_SIZE = 9;

/** '广西壮族自治区' → '广西', '北京市' → '北京': what fits on a tile. */
export function shortPlaceName(name: string): string {
  return name.replace(/(壮族自治区|回族自治区|维吾尔自治区|特别行政区|自治区|省|市)$/, '') || name;
}
