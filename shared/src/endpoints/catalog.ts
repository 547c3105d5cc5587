import { defineEndpoint } from '../api/endpoint.ts';
import { DeviceTypeBody, DictionaryBody, DictionaryType, FilterPaths, NamedListResponse, PestListType, PestTypeQuery } from '../contract/filters.ts';

const tags = ['filters'];

/** Pests, device types and drop-down dictionaries: reference lists, the same for every scope. */
export const CatalogEndpoints = {
  pestsByType: defineEndpoint({
    method: 'GET',
    path: FilterPaths.pestsByType,
    input: PestTypeQuery,
    response: NamedListResponse,
    tags,
    summary: `Pests of a type (${PestListType.pest}: pests)`,
  }),
  deviceTypes: defineEndpoint({
    method: 'POST',
    path: FilterPaths.deviceTypes,
    input: DeviceTypeBody,
    response: NamedListResponse,
    tags,
    summary: 'Device types whose name contains name; all without it',
    description: 'The body is optional.',
  }),
  dictionaryDownList: defineEndpoint({
    method: 'POST',
    path: FilterPaths.dictionaryDownList,
    input: DictionaryBody,
    response: NamedListResponse,
    tags,
    summary: `Drop-down dictionary entries of a type (${DictionaryType.supplier}: device suppliers)`,
  }),
};
