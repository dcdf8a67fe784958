// The alerts API: a campaign's alerts, listed and read by the campaign's readers, created, changed and deleted by
// those who may edit its settings.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { alertChangesSchema, alertListQuerySchema, alertSchema, newAlertSchema } from '../../contract/alerts';
import { errorResponses, idParamsSchema } from '../../contract/common';
import { findCampaign } from '../campaigns/store';
import { assertCampaignPermission, assertCanReadCampaign } from '../domain/access/campaigns';
import type { Principal } from '../domain/access/principal';
import { toAlerts } from './present';
import { changeAlert, createAlert } from './service';
import { deleteAlert, findAlert, listCampaignAlerts, listReadableAlerts, type AlertRecord } from './store';

const tags = ['alerts'];

export async function alertRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.context;

  const one = async (row: AlertRecord) => {
    const [alert] = await toAlerts(db, [row]);
    if (!alert) throw new Error(`The alert ${row.id} was not presented`);
    return alert;
  };

  /** The alert with its campaign, once the principal is known to read the campaign (404/403 otherwise). */
  async function readableAlert(principal: Principal, id: string) {
    const alert = await findAlert(db, id);
    const campaign = await findCampaign(db, alert.campaignId, principal.user.id);
    assertCanReadCampaign(principal, campaign, campaign.membership);
    return { alert, campaign };
  }

  /** The alert with its campaign, once the principal is known to edit the campaign's settings. */
  async function editableAlert(principal: Principal, id: string) {
    const { alert, campaign } = await readableAlert(principal, id);
    assertCampaignPermission(principal, campaign, campaign.membership, 'can_edit_settings');
    return { alert, campaign };
  }

  app.get(
    '/alerts',
    {
      schema: {
        operationId: 'listAlerts',
        description:
          "A campaign's alerts with `campaign_id`; without it, every alert of the campaigns the caller reads.",
        tags,
        querystring: alertListQuerySchema,
        response: { 200: z.array(alertSchema), ...errorResponses },
      },
    },
    async (request) => {
      const { principal } = request;
      const campaignId = request.query.campaign_id;
      if (campaignId === undefined) return toAlerts(db, await listReadableAlerts(db, principal.user));
      const campaign = await findCampaign(db, campaignId, principal.user.id);
      assertCanReadCampaign(principal, campaign, campaign.membership);
      return toAlerts(db, await listCampaignAlerts(db, campaign.id));
    },
  );

  app.post(
    '/alerts',
    {
      schema: {
        operationId: 'createAlert',
        tags,
        body: newAlertSchema,
        response: { 201: alertSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { principal } = request;
      const campaign = await findCampaign(db, request.body.campaign_id, principal.user.id);
      assertCampaignPermission(principal, campaign, campaign.membership, 'can_edit_settings');
      const alert = await createAlert(db, campaign, request.body, principal.user.id);
      return reply.code(201).send(await one(alert));
    },
  );

  app.get(
    '/alerts/:id',
    {
      schema: {
        operationId: 'getAlert',
        tags,
        params: idParamsSchema,
        response: { 200: alertSchema, ...errorResponses },
      },
    },
    async (request) => one((await readableAlert(request.principal, request.params.id)).alert),
  );

  app.patch(
    '/alerts/:id',
    {
      schema: {
        operationId: 'updateAlert',
        tags,
        params: idParamsSchema,
        body: alertChangesSchema,
        response: { 200: alertSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { alert, campaign } = await editableAlert(request.principal, request.params.id);
      return one(await changeAlert(db, campaign, alert, request.body));
    },
  );

  app.delete(
    '/alerts/:id',
    {
      schema: {
        operationId: 'deleteAlert',
        tags,
        params: idParamsSchema,
        response: { 204: z.void(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { alert } = await editableAlert(request.principal, request.params.id);
      await deleteAlert(db, alert.id);
      return reply.code(204).send();
    },
  );
}
