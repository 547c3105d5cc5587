import type { Resources } from '../zh/index.ts';

const common: Resources['common'] = {
  appName: 'Pest Control Console',
  appShortName: 'Pest Console',
  export: 'Export',
  total: 'Total',
  loading: 'Loading...',
  noData: 'No data',
  exporting: 'Exporting...',
  downloading: 'Downloading',
  exportDone: 'Exported',
  downloadDone: 'Downloaded',
  columnSettings: 'Columns',
  moveColumnUp: 'Move {{name}} up',
  moveColumnDown: 'Move {{name}} down',
  resetColumns: 'Reset columns',
};

export default common;
