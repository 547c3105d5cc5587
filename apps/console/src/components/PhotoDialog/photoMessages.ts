/** What the photo dialog tells the user when there is nothing to show (console-spec section 5), to the character. */
export const NO_PHOTOS_MESSAGE = '暂无照片数据！';
