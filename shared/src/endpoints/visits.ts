import { defineEndpoint } from '../api/endpoint.ts';
import { Permission } from '../contract/permissions.ts';
import {
  TechnicianListResponse,
  VisitCancelBody,
  VisitDoneResponse,
  VisitListBody,
  VisitListResponse,
  VisitPaths,
  VisitPlanMonthBody,
  VisitPlanMonthResponse,
  VisitReassignBody,
  VisitSaveBody,
  VisitSaveResponse,
} from '../contract/visits.ts';

const tags = ['service arrangement'];
const versioned = 'With version, a save over someone else\'s is refused (409). Only a visit still planned (or overdue) changes; one started, done or cancelled is refused (409).';

/** 服务安排: the visits planned for the provider's technicians. */
export const VisitEndpoints = {
  list: defineEndpoint({
    method: 'POST',
    path: VisitPaths.list,
    input: VisitListBody,
    response: VisitListResponse,
    permission: Permission.scheduleView,
    tags,
    summary: 'The visits due in a range of days (at most 62), by technician and store, for the calendar',
    description: "A customer's manager sees those of the stores below their organisation; cancelled visits only with withCancelled.",
  }),
  technicians: defineEndpoint({
    method: 'POST',
    path: VisitPaths.technicians,
    response: TechnicianListResponse,
    permission: Permission.scheduleView,
    tags,
    summary: 'The enabled accounts with the technician role, whom visits are given to',
  }),
  save: defineEndpoint({
    method: 'POST',
    path: VisitPaths.save,
    input: VisitSaveBody,
    response: VisitSaveResponse,
    refusals: [404, 409],
    permission: Permission.scheduleManage,
    tags,
    summary: "Plan a visit (no id) of a store's service plan on a day, given to a technician, or move and edit a planned one",
    description: `plannedDate within the plan's period and not before today (Beijing); technicianId an enabled technician; alarmIds the store's own alarms it is booked for. ${versioned}`,
  }),
  reassign: defineEndpoint({
    method: 'POST',
    path: VisitPaths.reassign,
    input: VisitReassignBody,
    response: VisitDoneResponse,
    refusals: [404, 409],
    permission: Permission.scheduleManage,
    tags,
    summary: 'Give a planned visit to another technician',
    description: versioned,
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: VisitPaths.cancel,
    input: VisitCancelBody,
    response: VisitDoneResponse,
    refusals: [404, 409],
    permission: Permission.scheduleManage,
    tags,
    summary: 'Cancel a planned visit with a reason; it keeps its row and leaves every list, chart and roll-up',
    description: versioned,
  }),
  planMonth: defineEndpoint({
    method: 'POST',
    path: VisitPaths.planMonth,
    input: VisitPlanMonthBody,
    response: VisitPlanMonthResponse,
    permission: Permission.scheduleManage,
    load: 'heavy',
    tags,
    summary: "Plan a month: for each active plan of the stores in scope, the routine visits it lacks that month, on days spread through it, each given to the plan's usual technician",
    description: "The visits a plan already has that month (planned or done, any type but cancelled) count; none is planned before today. A plan whose technician is unknown gets the technician with the fewest visits that month; without technicians the visits are planned unassigned (counted in unassigned).",
  }),
};
