import { defineEndpoint } from '../api/endpoint.ts';
import { REGION_ROOT_ID } from '../constants.ts';
import { FilterPaths, NamedListResponse, RegionTreeQuery, RegionTreeResponse } from '../contract/filters.ts';

const tags = ['filters'];

/** Administrative regions and sales areas: reference data, the same for every scope. */
export const RegionEndpoints = {
  regionTree: defineEndpoint({
    method: 'GET',
    path: FilterPaths.regionTree,
    input: RegionTreeQuery,
    response: RegionTreeResponse,
    tags,
    summary: 'Administrative regions (GB/T 2260) below id, nested',
    description: `Without id, below the root ${REGION_ROOT_ID}: provinces > cities > districts in childList. An unknown id gives [].`,
  }),
  salesAreaList: defineEndpoint({
    method: 'GET',
    path: FilterPaths.salesAreaList,
    response: NamedListResponse,
    tags,
    summary: 'Sales areas (大区)',
  }),
};
