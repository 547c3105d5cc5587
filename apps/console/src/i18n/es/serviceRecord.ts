import type { Resources } from '../zh/index.ts';

const serviceRecord: Resources['serviceRecord'] = {
  listTitle: 'Informes de servicio',
  staffName: 'Técnico',
  staffNamePlaceholder: 'Nombre del técnico',
  jobOrderName: 'Orden de trabajo',
  jobOrderNamePlaceholder: 'Nombre de la orden',
  serviceStart: 'Inicio del servicio',
  serviceEnd: 'Fin del servicio',
  rangeStart: 'Desde',
  rangeEnd: 'Hasta',
  code: 'Código',
  store: 'Tienda',
  serviceType: 'Tipo de servicio',
  serviceContent: 'Contenido del servicio',
  actualStart: 'Inicio real',
  actualEnd: 'Fin real',
  actions: 'Acciones',
  preview: 'Ver',
  download: 'Descargar',
  pointCheck: 'Revisión de puntos',
  batchDownload: 'Descarga por lotes',
  selected: '{{count}} seleccionadas',
  packing: 'Empaquetando {{done}} de {{total}}',
  cancelBatch: 'Cancelar',
  batchCancelled: 'Descarga por lotes cancelada',
  batchFailedTitle: 'No se pudieron descargar {{count}} informes',
  batchFailedHint: 'El zip no incluye:',
  type: {
    0: 'Rutinario',
    1: 'Urgente',
    2: 'Seguimiento efectivo',
    3: 'Seguimiento',
    4: 'Gratuito',
  },
};

export default serviceRecord;
