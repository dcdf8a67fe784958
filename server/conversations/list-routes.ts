// A campaign's conversations: the filtered list in keyset pages and how many match, the metadata keys and values and the validators
// its filters offer, and the filtered list exported as CSV or XLSX, streamed.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, idParamsSchema, pageSchema } from '../../contract/common';
import {
  conversationCountCap,
  conversationCountQuerySchema,
  conversationCountSchema,
  conversationExportQuerySchema,
  conversationListQuerySchema,
  conversationMetadataKeysSchema,
  conversationSummarySchema,
  conversationValidatorsSchema,
} from '../../contract/conversations';
import { findCampaign, listMetadataKeys } from '../campaigns/store';
import { gridItemsOf } from '../evaluation-grids/store';
import type { ExportColumn } from '../files/export-column';
import { humanOrder, toPage } from '../db/lists';
import { principalSource } from '../audit-log/source';
import { recordAuditEntry } from '../audit-log/store';
import { assertCanReadCampaign } from '../domain/access/campaigns';
import { agentScope } from '../domain/access/conversations';
import type { Principal } from '../domain/access/principal';
import { conversationCriteria, type ConversationScope } from '../domain/conversation-criteria';
import { NotFound } from '../errors';
import { attachment, fileDate } from '../files/attachment';
import { redactedColumns } from './export/redacted-columns';
import { conversationBatches } from './export/batches';
import { exportColumns } from './export/columns';
import { evaluationDetailColumns, withEvaluationDetail } from './export/evaluation-detail';
import { csvExport } from '../files/csv';
import { xlsxExport } from '../files/xlsx';
import { countConversations, listMetadataValues, listValidators, pageOfConversations } from './list-store';
import { toConversationSummary } from './present';

const exportMediaTypes = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export async function conversationListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, readDb } = app.context;

  /**
   * Whose conversations the principal sees in the campaign, if they read it: the campaign's organisation and their
   * membership come from the principal cache, so a page costs no lookup of them.
   */
  async function readableScope(principal: Principal, campaignId: string): Promise<ConversationScope> {
    const access = await app.context.principals.campaignAccess(campaignId, principal.user.id);
    if (!access) throw new NotFound('Campaign');
    assertCanReadCampaign(principal, access, access.membership);
    return { campaignId, onlyAgent: agentScope(principal.user) };
  }

  app.get(
    '/campaigns/:id/conversations',
    {
      config: { apiKeyScope: 'conversations:read' },
      schema: {
        operationId: 'listCampaignConversations',
        tags: ['conversations'],
        params: idParamsSchema,
        querystring: conversationListQuerySchema,
        response: { 200: pageSchema(conversationSummarySchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = await readableScope(request.principal, request.params.id);
      const { start_after: startAfter, limit, sort, filters } = request.query;
      const rows = await pageOfConversations(readDb, scope, conversationCriteria(filters, scope), {
        sort,
        startAfter,
        limit,
      });
      return toPage(rows, limit, toConversationSummary);
    },
  );

  app.get(
    '/campaigns/:id/conversations/count',
    {
      config: { apiKeyScope: 'conversations:read' },
      schema: {
        operationId: 'countCampaignConversations',
        tags: ['conversations'],
        params: idParamsSchema,
        querystring: conversationCountQuerySchema,
        response: { 200: conversationCountSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await readableScope(request.principal, request.params.id);
      const criteria = conversationCriteria(request.query.filters, scope);
      const count = await countConversations(readDb, criteria, conversationCountCap + 1);
      return count > conversationCountCap
        ? { count: conversationCountCap, exact: false }
        : { count, exact: true };
    },
  );

  app.get(
    '/campaigns/:id/conversations/metadata',
    {
      config: { apiKeyScope: 'conversations:read' },
      schema: {
        operationId: 'listCampaignConversationMetadata',
        tags: ['conversations'],
        params: idParamsSchema,
        response: { 200: conversationMetadataKeysSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await readableScope(request.principal, request.params.id);
      return listMetadataValues(readDb, scope);
    },
  );

  app.get(
    '/campaigns/:id/conversations/validators',
    {
      config: { apiKeyScope: 'conversations:read' },
      schema: {
        operationId: 'listCampaignConversationValidators',
        tags: ['conversations'],
        params: idParamsSchema,
        response: { 200: conversationValidatorsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = await readableScope(request.principal, request.params.id);
      return listValidators(readDb, scope);
    },
  );

  app.get(
    '/campaigns/:id/conversations/export',
    {
      config: { apiKeyScope: 'conversations:read' },
      schema: {
        operationId: 'exportCampaignConversations',
        tags: ['conversations'],
        params: idParamsSchema,
        querystring: conversationExportQuerySchema,
        response: {
          // The file's bytes, streamed: Fastify serialises no stream.
          200: z.unknown().meta({ description: 'The conversations as CSV or XLSX' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = await readableScope(request.principal, request.params.id);
      const campaign = await findCampaign(db, scope.campaignId, request.principal.user.id);
      const { format, detail, sort, filters } = request.query;
      await recordAuditEntry(db, principalSource(request), {
        organisationId: campaign.organisationId,
        action: 'export.conversations',
        target: { type: 'campaign', id: campaign.id },
        details: { format, detail, sort, filters: filters ?? null, redacted: campaign.redactExports },
      });
      const keys = await listMetadataKeys(readDb, [campaign.id], scope.onlyAgent);
      const columns = exportColumns(keys.map(({ key }) => key).sort(humanOrder.compare));
      const batches = conversationBatches(readDb, conversationCriteria(filters, scope), sort);
      const send = <Row>(allColumns: ExportColumn<Row>[], rows: AsyncIterable<Row[]>) => {
        const fileColumns = campaign.redactExports ? redactedColumns(allColumns) : allColumns;
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', attachment(`${campaign.name} conversations ${fileDate()}.${format}`))
          .type(exportMediaTypes[format])
          .send(format === 'csv' ? csvExport(fileColumns, rows) : xlsxExport(fileColumns, rows));
      };
      if (detail === 'summary') return send(columns, batches);
      const items = await gridItemsOf(readDb, [campaign.id]);
      return send([...columns, ...evaluationDetailColumns(items)], withEvaluationDetail(readDb, batches));
    },
  );
}
