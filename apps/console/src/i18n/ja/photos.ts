import type { Resources } from '../zh/index.ts';

const photos: Resources['photos'] = {
  count: '{{count}} 枚',
  dialogTitle: '{{title}}（{{count}} 枚）',
  viewerHint: '写真をクリックすると拡大表示され、ズームや切り替えができます。',
  photoLabel: '{{index}} 枚目',
  none: '写真データがありません！',
};

export default photos;
