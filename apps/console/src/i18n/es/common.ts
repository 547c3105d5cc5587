import type { Resources } from '../zh/index.ts';

const common: Resources['common'] = {
  appName: 'Consola de Control de Plagas',
  appShortName: 'Control de Plagas',
  export: 'Exportar',
  total: 'Total',
  save: 'Guardar',
  cancel: 'Cancelar',
  loading: 'Cargando...',
  noData: 'Sin datos',
  moreCards: 'Mostrar {{count}} más ({{shown}} de {{total}})',
  exporting: 'Exportando...',
  downloading: 'Descargando',
  exportDone: 'Exportación completada',
  downloadDone: 'Descarga completada',
  columnSettings: 'Columnas',
  moveColumnUp: 'Subir {{name}}',
  moveColumnDown: 'Bajar {{name}}',
  resetColumns: 'Restablecer columnas',
  /** Names of controls that show none (table selection, the page jumper), read by screen readers. */
  a11y: { selectAll: 'Seleccionar todo', selectRow: 'Seleccionar fila', goToPage: 'Ir a la página' },
};

export default common;
