/**
 * The technician's token, kept in localStorage so a reload (offline too) stays signed in. The app
 * sends it only in the Authorization header of its own calls.
 */
const TOKEN_KEY = 'pest-field-token';

export const keptToken = (storage: Pick<Storage, 'getItem'>): string | null => storage.getItem(TOKEN_KEY);
export const keepToken = (storage: Pick<Storage, 'setItem'>, token: string): void => storage.setItem(TOKEN_KEY, token);
export const dropToken = (storage: Pick<Storage, 'removeItem'>): void => storage.removeItem(TOKEN_KEY);
