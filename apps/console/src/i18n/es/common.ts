import type { Resources } from '../zh/index.ts';

const common: Resources['common'] = {
  appName: 'Consola de Control de Plagas',
  appShortName: 'Control de Plagas',
  export: 'Exportar',
  total: 'Total',
};

export default common;
