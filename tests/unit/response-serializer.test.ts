// Responses written by the compiled serializer from the contract's zod schemas: nothing outside the contract leaks,
// a response missing a property fails, the shapes the contract uses come out as zod would write them, and a schema
// it cannot write faithfully stops the start-up.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pageSchema } from '../../contract/common';
import { conversationSummarySchema, type ConversationSummary } from '../../contract/conversations';
import {
  responseJsonSchema,
  responseSerializerCompiler,
  UnserializableSchemaError,
} from '../../server/plugins/response-serializer';

/** Answers `data` through a route whose 200 is `schema`; resolves to the status and body. */
async function respond(schema: z.ZodType, data: unknown, checkResponses = false) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler({ checkResponses }));
  app.get('/', { schema: { response: { 200: schema } } }, async () => data);
  try {
    const response = await app.inject({ method: 'GET', url: '/' });
    return { status: response.statusCode, body: response.body };
  } finally {
    await app.close();
  }
}

const summary: ConversationSummary = {
  id: '019b0000-0000-7000-8000-000000000001',
  campaign_id: '019b0000-0000-7000-8000-000000000002',
  type: 'chat',
  agent: { id: '019b0000-0000-7000-8000-000000000003', name: 'Alice' },
  status: 'ready',
  status_reason: null,
  status_detail: null,
  language: 'en',
  started_at: 1_750_000_000,
  duration_s: 90,
  metadata: { channel: 'web', 'order id': '48213' },
  external_id: null,
  sentiment: 'POSITIVE',
  topics: ['refund'],
  has_audio: false,
  created_at: 1_750_000_100,
  evaluation: null,
};

describe('the compiled response serializer', () => {
  it('writes no property the contract does not list, at any depth', async () => {
    const leaking = {
      items: [{ ...summary, password_hash: 'sentinel-1', agent: { ...summary.agent, email: 'sentinel-2' } }],
      next_start_after: null,
      total: 'sentinel-3',
    };
    const { status, body } = await respond(pageSchema(conversationSummarySchema), leaking);
    expect(status).toBe(200);
    expect(body).not.toContain('sentinel');
    expect(JSON.parse(body)).toEqual({ items: [summary], next_start_after: null });
  });

  it('writes what zod would, for nullable values, records, unions and discriminated unions', async () => {
    const schema = z.object({
      page: pageSchema(conversationSummarySchema),
      score: z.number().nullable(),
      either: z.union([z.string(), z.number()]),
      event: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('moved'), to: z.string() }),
        z.object({ kind: z.literal('scored'), score: z.number(), by: z.string().nullable() }),
      ]),
      events: z.array(z.union([z.object({ a: z.string() }), z.object({ b: z.number() })])),
      perKind: z.record(z.enum(['call', 'chat']), z.number()).nullable(),
    });
    const data = {
      page: {
        items: [
          summary,
          {
            ...summary,
            agent: null,
            evaluation: {
              status: 'done',
              main_score: 72.5,
              auto_failed: false,
              validated: true,
              validated_by: summary.id,
              validated_at: 1_750_000_200,
            },
          },
        ],
        next_start_after: summary.id,
      },
      score: null,
      either: 3,
      event: { kind: 'scored', score: 0, by: null, extra: 'sentinel' },
      events: [{ a: 'x', b: 'sentinel' }, { b: 2 }],
      perKind: { call: 1, chat: 2 },
    };
    const { status, body } = await respond(schema, data, true);
    expect(status).toBe(200);
    expect(JSON.parse(body)).toEqual(JSON.parse(JSON.stringify(z.encode(schema, data as never))));
  });

  it('fails a response missing a property its contract requires', async () => {
    const { name: _name, ...nameless } = summary.agent!;
    const { status, body } = await respond(pageSchema(conversationSummarySchema), {
      items: [{ ...summary, agent: nameless }],
      next_start_after: null,
    });
    expect(status).toBe(500);
    expect(body).not.toContain(summary.id);
  });

  it('fails a response of the wrong type when checking responses, as the API tests do', async () => {
    const schema = z.object({ name: z.string(), count: z.number() });
    const wrong = { name: null, count: 1 };
    expect(await respond(schema, wrong, true)).toMatchObject({ status: 500 });
    // Unchecked (in production), the compiled serializer writes the value as its schema's type says.
    expect(await respond(schema, wrong, false)).toEqual({ status: 200, body: '{"name":"","count":1}' });
  });

  it('refuses at start-up a response schema it cannot write faithfully', async () => {
    for (const schema of [
      z.object({ at: z.date() }),
      z.object({ name: z.string().transform((name) => name.length) }),
      z.record(z.string().regex(/^a/).or(z.literal('b')), z.number()),
    ]) {
      expect(() => responseJsonSchema(schema)).toThrow(UnserializableSchemaError);
      const app = Fastify();
      app.setSerializerCompiler(responseSerializerCompiler({ checkResponses: false }));
      app.get('/', { schema: { response: { 200: schema } } }, async () => ({}));
      await expect(app.ready()).rejects.toThrow(/cannot|not written/);
      await app.close();
    }
  });
});
