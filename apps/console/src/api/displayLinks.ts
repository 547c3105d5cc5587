import { DisplayEndpoints } from '@pest/shared';
import { call } from './http.ts';

/** 大屏链接 calls (issue 20): the links of the user's scope, create or edit, revoke, copy an address again. */

export const fetchDisplayLinks = (signal?: AbortSignal) => call(DisplayEndpoints.list, undefined, { skipLoading: true, signal });
