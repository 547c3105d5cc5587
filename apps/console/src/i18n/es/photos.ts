import type { Resources } from '../zh/index.ts';

const photos: Resources['photos'] = {
  count: '{{count}} foto(s)',
  dialogTitle: '{{title}} ({{count}})',
  viewerHint: 'Pulse una foto para verla en grande, ampliarla y pasar a las demás.',
  photoLabel: 'Foto {{index}}',
  none: '¡No hay fotos!',
};

export default photos;
