// The audit log API: an organisation's entries by filters (newest first, keyset pages), the same as CSV streamed,
// and the chain's verification. Admins read any organisation's; supervisors with can_view_audit_log their own's.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditLogExportQuerySchema,
  auditLogPageSchema,
  auditLogQuerySchema,
  auditLogVerificationSchema,
  auditLogVerifyQuerySchema,
  type AuditLogExportQuery,
} from '../../contract/audit-log';
import { errorResponses } from '../../contract/common';
import { assertCanViewAuditLog, auditLogOrganisation } from '../domain/access/audit-log';
import { staff } from '../domain/access/audience';
import { attachment, fileDate } from '../files/attachment';
import { csvExport } from '../files/csv';
import { auditExportColumns } from './export-columns';
import { toAuditEntry } from './present';
import { principalSource } from './source';
import {
  auditEntryBatches,
  chainBatches,
  findLoggedOrganisation,
  listAuditEntries,
  recordAuditEntry,
  type AuditFilter,
} from './store';
import { verifyChain } from './verify';

const filterOf = (organisationId: string, query: AuditLogExportQuery): AuditFilter => ({
  organisationId,
  actorType: query.actor_type,
  actorId: query.actor_id,
  action: query.action,
  targetType: query.target_type,
  targetId: query.target_id,
  from: query.from,
  to: query.to,
});

export async function auditLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  /** The organisation the request reads, once the principal may: 404 for one they do not see. */
  async function readableOrganisation(request: FastifyRequest, asked: string | undefined) {
    const organisationId = auditLogOrganisation(request.principal, asked);
    const organisation = await findLoggedOrganisation(db, organisationId);
    assertCanViewAuditLog(request.principal, organisation.id);
    return organisation;
  }

  app.get(
    '/audit-log',
    {
      config: { audience: staff },
      schema: {
        operationId: 'listAuditLog',
        tags: ['audit-log'],
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const organisation = await readableOrganisation(request, request.query.organisation_id);
      const { start_after: startAfter, limit } = request.query;
      const page = await listAuditEntries(db, filterOf(organisation.id, request.query), {
        startAfter,
        limit,
      });
      return { items: page.rows.map(toAuditEntry), next_start_after: page.nextStartAfter };
    },
  );

  app.get(
    '/audit-log/export',
    {
      config: { audience: staff },
      schema: {
        operationId: 'exportAuditLog',
        tags: ['audit-log'],
        querystring: auditLogExportQuerySchema,
        response: {
          // The file's bytes, streamed: Fastify serialises no stream.
          200: z.unknown().meta({ description: 'The audit log entries as CSV' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const organisation = await readableOrganisation(request, request.query.organisation_id);
      const filter = filterOf(organisation.id, request.query);
      // Reading the log is itself logged, with the filters, before the first byte leaves.
      const { organisation_id: _organisation, ...filters } = request.query;
      await recordAuditEntry(db, principalSource(request), {
        organisationId: organisation.id,
        action: 'export.audit_log',
        target: { type: 'organisation', id: organisation.id },
        details: { filters },
      });
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(`${organisation.name} audit log ${fileDate()}.csv`))
        .type('text/csv; charset=utf-8')
        .send(csvExport(auditExportColumns, auditEntryBatches(db, filter)));
    },
  );

  app.get(
    '/audit-log/verify',
    {
      config: { audience: staff },
      schema: {
        operationId: 'verifyAuditLog',
        tags: ['audit-log'],
        querystring: auditLogVerifyQuerySchema,
        response: { 200: auditLogVerificationSchema, ...errorResponses },
      },
    },
    async (request) => {
      const organisation = await readableOrganisation(request, request.query.organisation_id);
      return verifyChain(chainBatches(db, organisation.id));
    },
  );
}
