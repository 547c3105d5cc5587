import type { Resources } from '../zh/index.ts';

const common: Resources['common'] = {
  appName: 'Pest Control Console',
  appShortName: 'Pest Console',
  export: 'Export',
  total: 'Total',
  save: 'Save',
  cancel: 'Cancel',
  loading: 'Loading...',
  noData: 'No data',
  moreCards: 'Show {{count}} more ({{shown}} of {{total}} shown)',
  exporting: 'Exporting...',
  downloading: 'Downloading',
  exportDone: 'Exported',
  downloadDone: 'Downloaded',
  columnSettings: 'Columns',
  moveColumnUp: 'Move {{name}} up',
  moveColumnDown: 'Move {{name}} down',
  resetColumns: 'Reset columns',
  /** Names of controls that show none (table selection, the page jumper), read by screen readers. */
  a11y: { selectAll: 'Select all', selectRow: 'Select row', goToPage: 'Go to page' },
};

export default common;
