import type { Resources } from '../zh/index.ts';

const photos: Resources['photos'] = {
  count: '{{count}} photo(s)',
  dialogTitle: '{{title}} ({{count}})',
  viewerHint: 'Click a photo to view it large, zoom and step through the others.',
  photoLabel: 'Photo {{index}}',
  none: 'No photos!',
};

export default photos;
