// The usage API: an organisation's usage over a period (totals, per campaign, per engine, over time; test
// conversations apart) and its events exported as CSV or XLSX, streamed. Admins read any organisation's;
// supervisors with can_view_usage their own's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contract/common';
import { organisationParamsSchema } from '../../contract/organisations';
import { usageExportQuerySchema, usageQuerySchema, usageSchema } from '../../contract/usage';
import { principalSource } from '../audit-log/source';
import { recordAuditEntry } from '../audit-log/store';
import { attachment, fileDate } from '../files/attachment';
import { csvExport } from '../files/csv';
import { xlsxExport } from '../files/xlsx';
import { assertCanViewUsage } from '../domain/access/organisations';
import type { Principal } from '../domain/access/principal';
import { NotFound } from '../errors';
import { findOrganisation } from '../organisations/store';
import { usageExportColumns } from './export-columns';
import { usageEventBatches } from './export-store';
import { toOrganisationUsage } from './present';
import { campaignNames, countOrganisationCampaigns, sumUsage, type UsageFilter } from './report-store';

const exportMediaTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export async function usageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, readDb } = app.context;

  /** The filter of a request the principal may read: 404 for an organisation or campaign they do not see. */
  async function readableUsage(
    principal: Principal,
    organisationId: string,
    query: { startTs?: number | undefined; endTs?: number | undefined; campaigns?: string[] | undefined },
  ): Promise<{ name: string; filter: UsageFilter }> {
    const organisation = await findOrganisation(db, organisationId);
    assertCanViewUsage(principal, organisation.id);
    const campaignIds = query.campaigns && [...new Set(query.campaigns)];
    if (
      campaignIds &&
      (await countOrganisationCampaigns(db, organisation.id, campaignIds)) < campaignIds.length
    )
      throw new NotFound('Campaign');
    return {
      name: organisation.name,
      filter: { organisationId: organisation.id, start: query.startTs, end: query.endTs, campaignIds },
    };
  }

  app.get(
    '/organisations/:id/usage',
    {
      schema: {
        operationId: 'getOrganisationUsage',
        tags: ['usage'],
        params: organisationParamsSchema,
        querystring: usageQuerySchema,
        response: { 200: usageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { filter } = await readableUsage(request.principal, request.params.id, request.query);
      const sums = await sumUsage(readDb, filter, request.query.groupBy);
      const ids = [...new Set(sums.flatMap((sum) => (sum.campaignId ? [sum.campaignId] : [])))];
      return toOrganisationUsage(sums, request.query.groupBy, await campaignNames(readDb, ids));
    },
  );

  app.get(
    '/organisations/:id/usage/export',
    {
      schema: {
        operationId: 'exportOrganisationUsage',
        tags: ['usage'],
        params: organisationParamsSchema,
        querystring: usageExportQuerySchema,
        response: {
          // The file's bytes, streamed: Fastify serialises no stream.
          200: z.unknown().meta({ description: 'The usage events as CSV or XLSX' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { name, filter } = await readableUsage(request.principal, request.params.id, request.query);
      const { format } = request.query;
      await recordAuditEntry(db, principalSource(request), {
        organisationId: filter.organisationId,
        action: 'export.usage',
        target: { type: 'organisation', id: filter.organisationId },
        details: {
          format,
          start_ts: filter.start ?? null,
          end_ts: filter.end ?? null,
          campaigns: filter.campaignIds ?? null,
        },
      });
      const batches = usageEventBatches(readDb, filter);
      return reply
        .header('cache-control', 'no-store')
        .header('content-disposition', attachment(`${name} usage ${fileDate()}.${format}`))
        .type(exportMediaTypes[format])
        .send(
          format === 'csv'
            ? csvExport(usageExportColumns, batches)
            : xlsxExport(usageExportColumns, batches, 'Usage'),
        );
    },
  );
}
