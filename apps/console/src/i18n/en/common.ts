import type { Resources } from '../zh/index.ts';

const common: Resources['common'] = {
  appName: 'Pest Control Console',
  appShortName: 'Pest Console',
  export: 'Export',
  total: 'Total',
};

export default common;
