import type { Resources } from '../zh/index.ts';

const audit: Resources['audit'] = {
  objectType: 'Tipo de objeto',
  objectId: 'ID del objeto',
  query: 'Buscar',
  reset: 'Restablecer',
  note: 'Los registros no se pueden modificar ni eliminar',
};
export default audit;
