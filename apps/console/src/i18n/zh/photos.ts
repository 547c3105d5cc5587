export default {
  count: '{{count}} 张',
  dialogTitle: '{{title}}（{{count}} 张）',
  viewerHint: '点击照片查看大图，可缩放并前后切换。',
  photoLabel: '第 {{index}} 张',
  none: '暂无照片数据！', // console-spec §5: the photo dialog with an empty list
};
