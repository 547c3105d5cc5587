import { prepareTestTemplate } from './testing.ts';

/** The server test project's globalSetup: one seeded database template, before the workers start. */
export default async function setup(): Promise<void> {
  await prepareTestTemplate();
}
