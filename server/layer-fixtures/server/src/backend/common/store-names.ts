export const storeName = (name: string) => name.trim();
