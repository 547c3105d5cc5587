import { defineEndpoint } from '../api/endpoint.ts';
import { ImportBody, ImportCheckResponse, ImportJobBody, ImportJobResponse, ImportPaths, ImportStartedResponse, ImportTemplateQuery } from '../contract/imports.ts';

const tags = ['imports'];
const reads =
  "file: the object key of an xlsx the caller uploaded (through getOssConfig's policy), filled in from the kind's template in any of the four languages (headers checked by position). points need planId. Within the caller's scope (a customer's manager: their organisation's stores); the kind's permission (devices:manage, customers:manage, serviceConfig:manage) or 403.";

/** Bulk import of devices, stores and a plan's points from the templates. */
export const ImportEndpoints = {
  dryRun: defineEndpoint({
    method: 'POST',
    path: ImportPaths.dryRun,
    input: ImportBody,
    response: ImportCheckResponse,
    load: 'heavy',
    refusals: [403, 404],
    tags,
    summary: "Check an import without writing: every row's problems (row, column, message) and what would be created, updated or left unchanged",
    description: reads,
  }),
  apply: defineEndpoint({
    method: 'POST',
    path: ImportPaths.apply,
    input: ImportBody,
    response: ImportStartedResponse,
    refusals: [403, 404, 409],
    tags,
    summary: 'Start importing the file: a job that checks it again, then writes every row in one transaction, or none when any row has a problem',
    description: `${reads} Answers the job's id at once; follow it with import/job. One import at a time per user (409). A device number that exists with other fields is a problem (设备编号已存在), never an update; stores and points are updated (audited).`,
  }),
  job: defineEndpoint({
    method: 'POST',
    path: ImportPaths.job,
    input: ImportJobBody,
    response: ImportJobResponse,
    refusals: [404],
    tags,
    summary: "Where the caller's import job stands: running, done (its counts; the devices created and their secrets, at the first look after it is done, this once) or failed (why; nothing written)",
  }),
  errorFile: defineEndpoint({
    method: 'POST',
    path: ImportPaths.errorFile,
    input: ImportBody,
    load: 'download',
    refusals: [403, 404],
    tags,
    summary: "The uploaded rows as an xlsx with an added 错误 column holding each row's problems",
    description: reads,
  }),
  template: defineEndpoint({
    method: 'GET',
    path: ImportPaths.template,
    input: ImportTemplateQuery,
    tags,
    summary: "The kind's import template (xlsx) in the caller's language: a header row and an example row",
  }),
};
