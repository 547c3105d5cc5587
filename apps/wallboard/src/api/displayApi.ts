import { DisplayPaths, type DisplaySession } from '@pest/shared';
import { callApi, type Caller } from './http.ts';

/** What a display link shows; called at start and then as the screen's heartbeat. */
export const fetchDisplaySession = (caller: Caller) => callApi<DisplaySession>(caller, 'GET', DisplayPaths.session);
