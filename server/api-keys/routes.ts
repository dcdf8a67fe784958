// The API keys API: an organisation's keys, listed, created (the secret answered once) and revoked, by admins and
// supervisors with can_manage_security. Keys themselves never reach these routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  apiKeySchema,
  createApiKeySchema,
  createdApiKeySchema,
} from '../../contract/api-keys';
import { errorResponses } from '../../contract/common';
import { organisationParamsSchema } from '../../contract/organisations';
import { principalSource } from '../audit-log/source';
import { assertCanManageApiKeys } from '../domain/access/api-keys';
import { staff } from '../domain/access/audience';
import { Invalid } from '../errors';
import { findOrganisation } from '../organisations/store';
import { toApiKey } from './present';
import { createApiKey, revokeOrganisationApiKey } from './service';
import { listApiKeys } from './store';

export async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  app.get(
    '/organisations/:id/api-keys',
    {
      config: { audience: staff },
      schema: {
        operationId: 'listApiKeys',
        tags: ['api-keys'],
        params: organisationParamsSchema,
        response: { 200: apiKeyListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const organisation = await findOrganisation(db, request.params.id);
      assertCanManageApiKeys(request.principal, organisation.id);
      return { items: (await listApiKeys(db, organisation.id)).map(toApiKey) };
    },
  );

  app.post(
    '/organisations/:id/api-keys',
    {
      config: { audience: staff },
      schema: {
        operationId: 'createApiKey',
        tags: ['api-keys'],
        params: organisationParamsSchema,
        body: createApiKeySchema,
        response: { 201: createdApiKeySchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const organisation = await findOrganisation(db, request.params.id);
      assertCanManageApiKeys(request.principal, organisation.id);
      const { name, scopes } = request.body;
      const expiresAt = request.body.expires_at ?? null;
      if (expiresAt !== null && expiresAt * 1000 <= Date.now())
        throw new Invalid('expires_at is in the past');
      const created = await createApiKey(db, principalSource(request), {
        organisationId: organisation.id,
        name,
        scopes,
        expiresAt: expiresAt === null ? null : new Date(expiresAt * 1000),
        createdBy: request.principal.user.id,
      });
      return reply.code(201).send({ api_key: toApiKey(created.row), key: created.key });
    },
  );

  app.delete(
    '/organisations/:id/api-keys/:keyId',
    {
      config: { audience: staff },
      schema: {
        operationId: 'revokeApiKey',
        tags: ['api-keys'],
        params: apiKeyParamsSchema,
        response: { 200: apiKeySchema, ...errorResponses },
      },
    },
    async (request) => {
      const organisation = await findOrganisation(db, request.params.id);
      assertCanManageApiKeys(request.principal, organisation.id);
      const revoked = await revokeOrganisationApiKey(
        db,
        principalSource(request),
        organisation.id,
        request.params.keyId,
      );
      return toApiKey(revoked);
    },
  );
}
