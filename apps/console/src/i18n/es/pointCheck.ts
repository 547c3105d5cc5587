import type { Resources } from '../zh/index.ts';

const pointCheck: Resources['pointCheck'] = {
  back: 'Volver a informes de servicio',
  jobCode: 'N.º de orden: {{code}}',
  jobStore: 'Tienda: {{store}}',
  missingJobTitle: 'No se indicó la orden de trabajo',
  missingJobHint: 'Abra la revisión de puntos desde la lista de informes de servicio.',
  empty: '¡Lo sentimos, aún no hay datos!',
  materials: {
    title: 'Productos utilizados',
    empty: 'En esta visita no se usaron plaguicidas ni consumibles',
    materialName: 'Producto',
    kind: 'Tipo',
    registrationNo: 'N.º de registro del plaguicida',
    activeIngredient: 'Principio activo',
    lotNo: 'Lote',
    quantity: 'Cantidad',
    regionName: 'Aplicado en',
    kinds: { rodenticide: 'Rodenticida', insecticide: 'Insecticida', bait: 'Cebo', glueBoard: 'Placa adhesiva', consumable: 'Consumible' },
    units: { sheet: '{{quantity}} hoja(s)', tube: '{{quantity}} tubo(s)', piece: '{{quantity}} ud.' },
  },
};

export default pointCheck;
