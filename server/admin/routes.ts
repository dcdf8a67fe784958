// The admin API: the platform's key figures per organisation (admins only; the ids asked for must exist).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminKpisQuerySchema, adminKpisSchema } from '../../contract/admin';
import { errorResponses } from '../../contract/common';
import { assertAdmin } from '../domain/access/principal';
import { NotFound } from '../errors';
import { countExisting, findAdminKpis, type FilterTable } from './kpis-store';
import { admins } from '../domain/access/audience';

export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  /** Throws 404 unless every id names a row of the table. */
  async function assertExist(table: FilterTable, ids: string[] | undefined, what: string) {
    if (!ids) return;
    const wanted = new Set(ids);
    if ((await countExisting(db, table, [...wanted])) !== wanted.size) throw new NotFound(what);
  }

  app.get(
    '/admin/kpis',
    {
      config: { audience: admins },
      schema: {
        operationId: 'getAdminKpis',
        tags: ['admin'],
        querystring: adminKpisQuerySchema,
        response: { 200: adminKpisSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertAdmin(request.principal);
      const { startTs, endTs, campaigns: campaignIds, organisations: organisationIds } = request.query;
      await assertExist('campaigns', campaignIds, 'Campaign');
      await assertExist('organisations', organisationIds, 'Organisation');
      return findAdminKpis(db, { start: startTs, end: endTs, campaignIds, organisationIds });
    },
  );
}
