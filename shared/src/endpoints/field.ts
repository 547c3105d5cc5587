import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  FieldCatalogResponse,
  FieldFinishBody,
  FieldPaths,
  FieldStartBody,
  FieldSyncBody,
  FieldVisitListResponse,
  FieldVisitQuery,
  FieldVisitResponse,
  FieldVisitsQuery,
  FieldWriteResponse,
} from '../contract/field.ts';

const tags = ['field app'];
const own = "Only the caller's own visits (assigned to their account); another's is 404.";
const idempotent = 'clientId makes the call idempotent: the same clientId again answers as the first time and changes nothing; a clientId used for another call is 409.';

/** The field app's only door: a technician's own visits, recorded on the phone. */
export const FieldEndpoints = {
  visits: defineEndpoint({
    method: 'GET',
    path: FieldPaths.visits,
    input: FieldVisitsQuery,
    response: FieldVisitListResponse,
    permission: Permission.fieldWork,
    tags,
    summary: "今日任务: the caller's visits from the day asked for through the next six, and any they have in progress, in order",
  }),
  visit: defineEndpoint({
    method: 'GET',
    path: FieldPaths.visit,
    input: FieldVisitQuery,
    response: FieldVisitResponse,
    refusals: [404],
    permission: Permission.fieldWork,
    tags,
    summary: "One visit with its plan's points by region (last check, smart box), the store's open risks, the risk dictionary of its plan, the alarms it was booked for, and what is already recorded",
    description: own,
  }),
  catalog: defineEndpoint({
    method: 'GET',
    path: FieldPaths.catalog,
    response: FieldCatalogResponse,
    permission: Permission.fieldWork,
    tags,
    summary: 'The materials catalogue, for the materials step',
  }),
  start: defineEndpoint({
    method: 'POST',
    path: FieldPaths.start,
    input: FieldStartBody,
    response: FieldWriteResponse,
    refusals: [404, 409],
    permission: Permission.fieldWork,
    tags,
    summary: '开始服务: a planned (or overdue) visit starts at the time the technician tapped',
    description: `${own} ${idempotent} A visit cancelled meanwhile answers its state and a notice.`,
  }),
  sync: defineEndpoint({
    method: 'POST',
    path: FieldPaths.sync,
    input: FieldSyncBody,
    response: FieldWriteResponse,
    refusals: [404, 409],
    permission: Permission.fieldWork,
    tags,
    summary: "The phone's entries of a started visit: point checks, risks, rectifications of earlier risks, materials; each replaces what was sent before for it",
    description: `${own} ${idempotent} A visit cancelled while the phone was offline keeps what arrives for staff to see, and answers state cancelled with a notice.`,
  }),
  finish: defineEndpoint({
    method: 'POST',
    path: FieldPaths.finish,
    input: FieldFinishBody,
    response: FieldWriteResponse,
    refusals: [404, 409],
    permission: Permission.fieldWork,
    tags,
    summary: "完成服务: the customer's signature and the remark; the entries become the visit's service record, its report renders, its alarms are handled",
    description: `${own} ${idempotent}`,
  }),
};
