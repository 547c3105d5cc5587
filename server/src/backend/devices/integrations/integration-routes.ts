import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuditAction, AuditObjectType, INTEGRATION_KIND_LABELS, IntegrationEndpoints, type IntegrationKind, type IntegrationSaved } from '@pest/shared';
import { auditActor, auditChanges, auditedSave, recordAudit, type AuditedKind } from '../../common/audit-log.ts';
import type { SecretBox } from '../../common/secret-box.ts';
import type { Db } from '../../db/db.ts';
import { endpointRoute } from '../../endpoint-route.ts';
import { ok } from '../../envelope.ts';
import { requestScope } from '../../scope.ts';
import { refuseCustomerStaff } from '../models/model-writes.ts';
import { integrations, webhookPath } from './integration-queries.ts';
import type { IntegrationRunner } from './integration-runner.ts';
import type { AllowedHosts } from '../../common/outbound-guard.ts';
import { rotateIntegrationSecret, saveIntegration } from './integration-writes.ts';

interface AuditedIntegration {
  name: string;
  kind: string;
  enabled: string;
  mqttUrl: string | null;
  username: string | null;
  topic: string | null;
  headerName: string | null;
}

/** An integration as its entries show it: its settings, and that a secret changed, never the secret. */
const auditedIntegration: AuditedKind<AuditedIntegration> = {
  objectType: AuditObjectType.integration,
  async read(tx, id) {
    const [row] = await tx.query<AuditedIntegration>(
      `select name, kind, case when enabled then '启用' else '停用' end as enabled, settings->>'mqttUrl' as "mqttUrl", settings->>'username' as username,
              settings->>'topic' as topic, settings->>'headerName' as "headerName"
       from integrations where id = $1`,
      [id],
    );
    return row ? { ...row, kind: INTEGRATION_KIND_LABELS[row.kind as IntegrationKind] ?? row.kind } : null;
  },
  ownerOf: () => null,
};

export interface IntegrationRouteOptions {
  db: Db;
  box: SecretBox;
  runner: IntegrationRunner;
  /** Where network servers reach the product (PUBLIC_URL), for the webhook's address. */
  publicUrl: string;
  /** INTEGRATION_ALLOWED_HOSTS: where an MQTT integration's broker may be besides the public internet over mqtts. */
  allowedHosts: AllowedHosts;
}

/** 设备接入's calls: save (a new webhook's secret answered once), list with status, rotate a webhook's secret. */
export const integrationRoutes: FastifyPluginAsyncTypebox<IntegrationRouteOptions> = async (app, { db, box, runner, publicUrl, allowedHosts }) => {
  const shownOnce = (id: number, kind: string, secret: string | undefined): IntegrationSaved => {
    const path = webhookPath(id, kind);
    if (!secret || !path) return { id };
    if (path.endsWith('{token}')) return { id, webhookUrl: new URL(path.replace('{token}', secret), publicUrl).toString(), secret };
    return { id, webhookUrl: new URL(path, publicUrl).toString(), secret };
  };

  endpointRoute(app, IntegrationEndpoints.save, async (request) => {
    refuseCustomerStaff(requestScope(request));
    let secret: string | undefined;
    const saved = await auditedSave(
      db,
      request,
      auditedIntegration,
      request.body.id,
      async (tx) => {
        const result = await saveIntegration(tx, box, request.body, allowedHosts);
        secret = result.secret;
        return result.id;
      },
      request.body.password || request.body.token ? ['secret'] : [],
    );
    runner.reload();
    const answer = shownOnce(saved.id, request.body.kind, secret);
    return ok(answer.secret && saved.record.headerName ? { ...answer, headerName: saved.record.headerName } : answer);
  });

  endpointRoute(app, IntegrationEndpoints.list, async (request) => {
    refuseCustomerStaff(requestScope(request));
    return ok(await integrations(db));
  });

  endpointRoute(app, IntegrationEndpoints.rotateSecret, async (request) => {
    refuseCustomerStaff(requestScope(request));
    const secret = await db.transaction(async (tx) => {
      const rotated = await rotateIntegrationSecret(tx, request.body.id);
      await recordAudit(tx, auditActor(request), {
        objectType: AuditObjectType.integration,
        objectId: request.body.id,
        action: AuditAction.update,
        owner: null,
        changes: auditChanges(null, null, ['secret']),
      });
      return rotated;
    });
    const [row] = await db.query<{ kind: string; headerName: string | null }>(`select kind, settings->>'headerName' as "headerName" from integrations where id = $1`, [request.body.id]);
    const answer = shownOnce(request.body.id, row!.kind, secret);
    return ok(row!.headerName ? { ...answer, headerName: row!.headerName } : answer);
  });
};
