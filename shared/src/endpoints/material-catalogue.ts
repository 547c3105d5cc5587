import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import { MaterialDoneResponse, MaterialListBody, MaterialListResponse, MaterialPaths, MaterialSaveBody, MaterialSaveResponse, MaterialStateBody } from '../contract/material-catalogue.ts';

const tags = ['materials'];
const versioned = 'With version, a save over someone else\'s is refused (409).';

/** 物料: the provider's materials catalogue. */
export const MaterialEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: MaterialPaths.list,
    input: MaterialListBody,
    response: MaterialListResponse,
    permission: Permission.materialsView,
    tags,
    summary: 'The materials catalogue by name, filtered by keyword (name, registration number, active ingredient, manufacturer) and type; disabled ones with withDisabled',
  }),
  save: defineEndpoint({
    method: 'POST',
    path: MaterialPaths.save,
    input: MaterialSaveBody,
    response: MaterialSaveResponse,
    refusals: [404, 409],
    permission: Permission.materialsManage,
    tags,
    summary: 'Add a material (no id) or edit one: name (unique), type, registration number and its end, active ingredient, concentration, manufacturer, unit, safety data sheet',
    description: `Rodenticides, insecticides and baits need a registration number. ${versioned}`,
  }),
  disable: defineEndpoint({
    method: 'POST',
    path: MaterialPaths.disable,
    input: MaterialStateBody,
    response: MaterialDoneResponse,
    refusals: [404, 409],
    permission: Permission.materialsManage,
    tags,
    summary: 'Disable a material: it leaves the field app and the pickers; the visits that used it keep it',
    description: versioned,
  }),
  enable: defineEndpoint({
    method: 'POST',
    path: MaterialPaths.enable,
    input: MaterialStateBody,
    response: MaterialDoneResponse,
    refusals: [404, 409],
    permission: Permission.materialsManage,
    tags,
    summary: 'Enable a disabled material again',
    description: versioned,
  }),
};
