export const generatedStores = ['示例门店'];
