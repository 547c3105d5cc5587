import type { Resources } from '../zh/index.ts';

const common: Resources['common'] = {
  appName: '害虫防除管理コンソール',
  appShortName: '害虫防除',
  export: 'エクスポート',
  total: '合計',
};

export default common;
