import type { Endpoint } from '../api/endpoint.ts';
import { AlarmEndpoints } from './alarms.ts';
import { ChartEndpoints } from './charts.ts';
import { SummaryEndpoints } from './summaries.ts';
import { DeviceEndpoints } from './devices.ts';
import { CustomerEndpoints } from './customers.ts';
import { CustomerManagementEndpoints } from './customer-management.ts';
import { ServiceConfigEndpoints } from './service-config.ts';
import { DeviceRegistrationEndpoints } from './device-registration.ts';
import { ImportEndpoints } from './imports.ts';
import { CatalogEndpoints } from './catalog.ts';
import { RegionEndpoints } from './regions.ts';
import { PlanEndpoints } from './plans.ts';
import { ServiceActivityEndpoints } from './service-activity.ts';
import { NotifyEndpoints } from './notify.ts';
import { DisplayEndpoints } from './display.ts';
import { SessionEndpoints } from './session.ts';
import { UploadEndpoints } from './uploads.ts';
import { DemoFillEndpoints } from './demo-fill.ts';
import { ProviderDocumentEndpoints } from './provider-documents.ts';
import { AuditPackEndpoints } from './audit-pack.ts';
import { JobOrderEndpoints } from './job-orders.ts';
import { SystemEndpoints } from './system.ts';
import { AccountEndpoints } from './accounts.ts';
import { DeviceModelEndpoints } from './device-models.ts';
import { UplinkEndpoints } from './uplinks.ts';
import { IntegrationEndpoints, WebhookEndpoints } from './integrations.ts';
import { VisitEndpoints } from './visits.ts';
import { FieldEndpoints } from './field.ts';
import { MaterialEndpoints } from './material-catalogue.ts';
import { ContractEndpoints } from './contracts.ts';
import { ContentEndpoints } from './content.ts';

export { AlarmEndpoints, ChartEndpoints, SummaryEndpoints, DeviceEndpoints, CustomerEndpoints, CustomerManagementEndpoints, ServiceConfigEndpoints, DeviceRegistrationEndpoints, ImportEndpoints, CatalogEndpoints, RegionEndpoints, PlanEndpoints, ServiceActivityEndpoints, NotifyEndpoints, DisplayEndpoints, SessionEndpoints, UploadEndpoints, DemoFillEndpoints, ProviderDocumentEndpoints, AuditPackEndpoints, JobOrderEndpoints, SystemEndpoints, AccountEndpoints, DeviceModelEndpoints, UplinkEndpoints, IntegrationEndpoints, WebhookEndpoints, VisitEndpoints, FieldEndpoints, MaterialEndpoints, ContractEndpoints, ContentEndpoints };

/** Every endpoint of the API, by group: the backend registers each, and the policy lists are read from them. */
export const ENDPOINT_GROUPS = { AlarmEndpoints, ChartEndpoints, SummaryEndpoints, DeviceEndpoints, CustomerEndpoints, CustomerManagementEndpoints, ServiceConfigEndpoints, DeviceRegistrationEndpoints, ImportEndpoints, CatalogEndpoints, RegionEndpoints, PlanEndpoints, ServiceActivityEndpoints, NotifyEndpoints, DisplayEndpoints, SessionEndpoints, UploadEndpoints, DemoFillEndpoints, ProviderDocumentEndpoints, AuditPackEndpoints, JobOrderEndpoints, SystemEndpoints, AccountEndpoints, DeviceModelEndpoints, UplinkEndpoints, IntegrationEndpoints, WebhookEndpoints, VisitEndpoints, FieldEndpoints, MaterialEndpoints, ContractEndpoints, ContentEndpoints } as const;

export const ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_GROUPS).flatMap((group) => Object.values(group) as Endpoint[]);

/**
 * Everything a display token may call: the wallboard's own reads. The live topics the board uses
 * poll these same endpoints with the screen's token, so they need no list of their own.
 */
export const DISPLAY_ALLOWED_PATHS: readonly string[] = ENDPOINTS.filter((endpoint) => endpoint.access === 'display').map((endpoint) => endpoint.path);
