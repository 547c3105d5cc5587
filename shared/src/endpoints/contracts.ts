import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  ContractActivateBody,
  ContractDetailQuery,
  ContractDetailResponse,
  ContractListBody,
  ContractListResponse,
  ContractPaths,
  ContractPlansResponse,
  ContractSaveBody,
  ContractSaveResponse,
  ContractTerminateBody,
  ContractTerminateResponse,
} from '../contract/contracts.ts';

const tags = ['contracts'];
const versioned = "With version, a save over someone else's is refused (409).";

/** 合同: contracts with customers, which set their stores' service plans. */
export const ContractEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: ContractPaths.list,
    input: ContractListBody,
    response: ContractListResponse,
    permission: Permission.contractsView,
    tags,
    summary: 'Contracts in scope, newest first, by customer, state, keyword, or ending within some days (即将到期)',
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: ContractPaths.detail,
    input: ContractDetailQuery,
    response: ContractDetailResponse,
    refusals: [404],
    permission: Permission.contractsView,
    tags,
    summary: 'One contract with its items and attachments',
  }),
  save: defineEndpoint({
    method: 'POST',
    path: ContractPaths.save,
    input: ContractSaveBody,
    response: ContractSaveResponse,
    refusals: [404, 409],
    permission: Permission.contractsManage,
    tags,
    summary: 'Draft a contract (no id) or edit a draft or active one; saving an active one sets its stores\' plans again',
    description: versioned,
  }),
  activate: defineEndpoint({
    method: 'POST',
    path: ContractPaths.activate,
    input: ContractActivateBody,
    response: ContractPlansResponse,
    refusals: [404, 409],
    permission: Permission.contractsManage,
    tags,
    summary: "Activate a draft: its stores' service plans are created or updated to its period, visits per month and report layout",
    description: versioned,
  }),
  terminate: defineEndpoint({
    method: 'POST',
    path: ContractPaths.terminate,
    input: ContractTerminateBody,
    response: ContractTerminateResponse,
    refusals: [404, 409],
    permission: Permission.contractsManage,
    tags,
    summary: 'Terminate an active contract with a reason: its plans end on the last day, later planned visits are cancelled',
    description: versioned,
  }),
};
