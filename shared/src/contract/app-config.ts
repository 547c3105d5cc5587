import { Type, type Static } from '@sinclair/typebox';

/** Where the console fetches its runtime settings at boot (served by the gateway, never cached). */
export const APP_CONFIG_PATH = '/app-config.json';

export const AppConfig = Type.Object({
  /** The big-screen dashboard the navbar links to; the console appends token and phone. */
  wallboardUrl: Type.String(),
  /** Users treated as provider admins (organisation tree selector instead of the store list). */
  adminUserIds: Type.Array(Type.Integer()),
});
export type AppConfig = Static<typeof AppConfig>;
