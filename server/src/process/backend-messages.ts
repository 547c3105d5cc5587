/** The environment variable that carries the backend's configuration (JSON) to its process. */
export const BACKEND_CONFIG_ENV = 'PEST_BACKEND_CONFIG';

/** What the backend process tells its parent over the IPC channel. */
/** `banner`: lines for the start banner (what the catch-up filled in). */
export type BackendMessage = { type: 'ready'; url: string; banner: string[] } | { type: 'failed'; message: string };

/** What the parent tells the backend process. */
export type ParentMessage = { type: 'close' };
