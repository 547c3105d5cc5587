import type { Resources } from '../zh/index.ts';

const documents: Resources['documents'] = {
  kindLabel: { businessLicence: 'Licencia comercial', pestControlQualification: 'Certificado de control de plagas', other: 'Otro' },
  add: 'Añadir',
  edit: 'Editar',
  delete: 'Eliminar',
  actions: 'Acciones',
  view: 'Ver',
  addTitle: 'Añadir documento',
  editTitle: 'Editar documento',
  kind: 'Tipo',
  name: 'Nombre',
  file: 'Imagen',
  validFrom: 'Válido desde',
  validTo: 'Válido hasta',
  validToHint: 'Déjelo vacío si no caduca',
  validity: 'Validez',
  noEnd: 'sin fin',
  valid: 'Vigente',
  expired: 'Caducado',
  createdBy: 'Subido por',
  createdAt: 'Subido el',
  saved: 'Guardado',
  deleted: 'Eliminado',
  deleteConfirm: '¿Eliminar el documento «{{name}}»?',
  fileRequired: 'Suba la imagen del documento',
  validFromRequired: 'Elija el primer día de validez',
};

export default documents;
