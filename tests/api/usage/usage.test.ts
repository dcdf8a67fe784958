// Organisation usage (`GET /organisations/{id}/usage` and its export): the events the real work writes (a chat
// posted, an audio call uploaded and transcribed, both analysed by a provider and evaluated, a translation) and the
// figures summed from them; hand-written events for the groupings' edges (UTC days, Monday weeks, months, the
// period's ends, campaigns, test calls apart); the export's rows, CSV and XLSX; who may read it; bad input.
import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../contract/conversations';
import { noUsageFigures, type OrganisationUsage, type UsageFigures } from '../../../contract/usage';
import { demoCampaigns, demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { campaigns, evaluations, usageEvents } from '../../../server/db/schema';
import { multipartForm } from '../../fixtures/audio';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  startFakeChatCompletions,
  userPayload,
  type ChatCompletionRequest,
  type FakeChatCompletions,
} from '../../fixtures/fake-chat-completions';
import {
  startFakeTranscriptionProvider,
  verboseJson,
  type FakeTranscriptionProvider,
} from '../../fixtures/fake-transcription-provider';
import { addCampaign, addConversation, addOrganisation, addUser, turn } from '../../fixtures/records';
import { missingProgramsFor, toneWav } from '../../fixtures/speech';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const missing = await missingProgramsFor('Usage pipeline tests', ['ffmpeg', 'ffprobe'], 'ffmpeg');
const jobTimeout = { timeout: 20_000, interval: 100 };

const figures = (some: Partial<UsageFigures>): UsageFigures => ({ ...noUsageFigures(), ...some });

type EventRow = typeof usageEvents.$inferSelect;

/** The figures of some events as the test counts them, one kind at a time. */
function expectedFigures(events: readonly EventRow[]): UsageFigures {
  const sum = (kind: EventRow['kind']) =>
    events.filter((event) => event.kind === kind).reduce((total, event) => total + event.quantity, 0);
  return {
    conversations: sum('conversation'),
    audio_seconds: sum('transcription'),
    evaluations: sum('evaluation'),
    llm_calls: sum('llm_call'),
    tokens_in: events.reduce((total, event) => total + event.tokensIn, 0),
    tokens_out: events.reduce((total, event) => total + event.tokensOut, 0),
    translated_characters: sum('translation'),
  };
}

/** The provider's answers: an analysis of every turn, or each item translated; tokens told per schema. */
function chatAnswer(request: ChatCompletionRequest) {
  const payload = userPayload(request) as { turns?: unknown[]; items?: string[] };
  if (request.body.response_format?.json_schema?.name === 'translation') {
    return {
      content: JSON.stringify({ items: (payload.items ?? []).map((item) => `[fr] ${item}`) }),
      usage: { prompt_tokens: 70, completion_tokens: 60 },
    };
  }
  const turns = payload.turns ?? [];
  return {
    content: JSON.stringify({
      language: 'en',
      sentiment: 'NEUTRAL',
      turn_sentiments: turns.map(() => 'NEUTRAL'),
      topics: [],
    }),
    usage: { prompt_tokens: 120, completion_tokens: 30 },
  };
}

describe.each(testDatabaseKinds)('organisation usage on %s', (kind) => {
  describe.skipIf(missing.length > 0)('recorded by the work it counts', () => {
    let t: TestApp;
    let chat: FakeChatCompletions;
    let transcription: FakeTranscriptionProvider;
    let supervisor: string;

    const eventsOf = (ids: string[]) =>
      t.database.db.select().from(usageEvents).where(inArray(usageEvents.conversationId, ids));

    beforeAll(async () => {
      chat = await startFakeChatCompletions(chatAnswer);
      transcription = await startFakeTranscriptionProvider();
      transcription.answerWith(() => ({
        status: 200,
        body: verboseJson([{ start: 0.5, end: 2.5, text: 'Hello, how can I help you today?' }]),
      }));
      t = await createTestApp(kind, {
        LOG_LEVEL: 'error',
        ANALYSIS_BASE_URL: chat.baseUrl,
        ANALYSIS_MODEL: 'analyst',
        TRANSLATION_BASE_URL: chat.baseUrl,
        TRANSLATION_MODEL: 'translator',
        TRANSCRIPTION_BASE_URL: transcription.baseUrl,
        TRANSCRIPTION_MODEL: 'whisper-large-v3',
      });
      supervisor = await t.accessToken(demoUsers.supervisor.email);
    });
    afterAll(async () => {
      await t?.close();
      await chat?.close();
      await transcription?.close();
    });

    it('counts a posted chat, an uploaded call, their transcription, analyses, evaluations and a translation', async () => {
      const posted = await t.app.inject({
        method: 'POST',
        url: `/api/campaigns/${demoCampaigns.customerCare.id}/conversations`,
        headers: bearer(supervisor),
        payload: {
          type: 'chat',
          agent_id: demoUsers.agent.id,
          messages: [
            { speaker: 'customer', text: 'Hello, my parcel has still not arrived.', sent_at: 1_700_000_000 },
            { speaker: 'agent', text: 'Let me check the tracking for you.', sent_at: 1_700_000_060 },
          ],
        },
      });
      expect(posted.statusCode).toBe(201);
      const chatId = (posted.json() as Conversation).id;
      const { payload, headers } = multipartForm(
        { campaign_id: demoCampaigns.customerCare.id, agent_id: demoUsers.agent.id },
        { bytes: toneWav({ durationSeconds: 3, spans: [[0.5, 2.5]] }) },
      );
      const uploaded = await t.app.inject({
        method: 'POST',
        url: '/api/calls/audio',
        headers: { ...bearer(supervisor), ...headers },
        payload,
      });
      expect(uploaded.statusCode).toBe(201);
      const callId = (uploaded.json() as Conversation).id;

      // Both analysed by the provider, then evaluated automatically (the campaign's grid, the rules engine).
      await expect
        .poll(async () => {
          const done = await t.database.db
            .select({ id: evaluations.conversationId })
            .from(evaluations)
            .where(
              and(inArray(evaluations.conversationId, [chatId, callId]), eq(evaluations.status, 'done')),
            );
          return done.length;
        }, jobTimeout)
        .toBe(2);
      const translated = await t.app.inject({
        url: `/api/conversations/${chatId}/translation?target_language=fr`,
        headers: bearer(supervisor),
      });
      expect(translated.statusCode).toBe(200);

      const summary = (events: EventRow[]) =>
        events
          .map((event) => [event.kind, event.feature, event.engine, event.model, event.quantity, event.test])
          .sort((a, b) => String(a).localeCompare(String(b)));
      const chatEvents = await eventsOf([chatId]);
      const characters =
        'Hello, my parcel has still not arrived.'.length + 'Let me check the tracking for you.'.length;
      expect(summary(chatEvents)).toEqual(
        summary(
          [
            { kind: 'conversation', feature: 'ingestion', engine: 'text', model: null, quantity: 1 },
            { kind: 'llm_call', feature: 'analysis', engine: 'llm', model: 'analyst', quantity: 1 },
            { kind: 'evaluation', feature: 'evaluation', engine: 'rules', model: null, quantity: 1 },
            {
              kind: 'translation',
              feature: 'translation',
              engine: 'llm',
              model: 'translator',
              quantity: characters,
            },
            { kind: 'llm_call', feature: 'translation', engine: 'llm', model: 'translator', quantity: 1 },
          ].map((event) => ({ ...event, test: false }) as EventRow),
        ),
      );
      for (const event of chatEvents) {
        expect(event).toMatchObject({
          organisationId: demoOrganisation.id,
          campaignId: demoCampaigns.customerCare.id,
        });
      }
      const callEvents = await eventsOf([callId]);
      expect(summary(callEvents)).toEqual(
        summary(
          [
            { kind: 'conversation', feature: 'ingestion', engine: 'audio', model: null, quantity: 1 },
            {
              kind: 'transcription',
              feature: 'transcription',
              engine: 'openai-compatible',
              model: 'whisper-large-v3',
              quantity: 3,
            },
            { kind: 'llm_call', feature: 'analysis', engine: 'llm', model: 'analyst', quantity: 1 },
            { kind: 'evaluation', feature: 'evaluation', engine: 'rules', model: null, quantity: 1 },
          ].map((event) => ({ ...event, test: false }) as EventRow),
        ),
      );
      const tokens = (events: EventRow[]) =>
        events.filter((event) => event.kind === 'llm_call').map((event) => [event.tokensIn, event.tokensOut]);
      expect(tokens(chatEvents).sort()).toEqual(
        [
          [120, 30],
          [70, 60],
        ].sort(),
      );
      expect(tokens(callEvents)).toEqual([[120, 30]]);

      // The report's figures are the sums of the organisation's events, whatever else the demo holds.
      const report = await t.app.inject({
        url: `/api/organisations/${demoOrganisation.id}/usage?campaigns=${demoCampaigns.customerCare.id}`,
        headers: bearer(supervisor),
      });
      expect(report.statusCode).toBe(200);
      const usage = report.json() as OrganisationUsage;
      const all = await t.database.db
        .select()
        .from(usageEvents)
        .where(eq(usageEvents.campaignId, demoCampaigns.customerCare.id));
      expect(usage.totals).toEqual(expectedFigures(all.filter((event) => !event.test)));
      expect(usage.totals).toMatchObject({ conversations: 2, evaluations: 2, audio_seconds: 3 });
      expect(usage.totals.tokens_in).toBeGreaterThanOrEqual(120 + 120 + 70);
      expect(usage.campaigns).toEqual([
        {
          id: demoCampaigns.customerCare.id,
          name: demoCampaigns.customerCare.name,
          figures: usage.totals,
          test_figures: noUsageFigures(),
        },
      ]);
    });

    it('counts the work on a test conversation apart', async () => {
      const testId = await addConversation(t.database.db, {
        campaignId: demoCampaigns.customerCare.id,
        agentId: demoUsers.agent.id,
        isTest: true,
        language: 'en',
        turns: [turn('customer', 'Is this a test?')],
      });
      const before = (
        await t.app.inject({
          url: `/api/organisations/${demoOrganisation.id}/usage`,
          headers: bearer(supervisor),
        })
      ).json() as OrganisationUsage;
      const translated = await t.app.inject({
        url: `/api/conversations/${testId}/translation?target_language=fr`,
        headers: bearer(supervisor),
      });
      expect(translated.statusCode).toBe(200);
      const events = await eventsOf([testId]);
      expect(events.map((event) => [event.kind, event.test]).sort()).toEqual([
        ['llm_call', true],
        ['translation', true],
      ]);
      const after = (
        await t.app.inject({
          url: `/api/organisations/${demoOrganisation.id}/usage`,
          headers: bearer(supervisor),
        })
      ).json() as OrganisationUsage;
      expect(after.totals).toEqual(before.totals);
      expect(after.test_totals).toEqual(
        figures({
          llm_calls: before.test_totals.llm_calls + 1,
          tokens_in: before.test_totals.tokens_in + 70,
          tokens_out: before.test_totals.tokens_out + 60,
          translated_characters: before.test_totals.translated_characters + 'Is this a test?'.length,
          conversations: before.test_totals.conversations,
          evaluations: before.test_totals.evaluations,
          audio_seconds: before.test_totals.audio_seconds,
        }),
      );
    });
  });

  describe('summed from its events', () => {
    let t: TestApp;
    let admin: string;
    let viewer: string;
    let organisation: string;
    const campaign = { north: '', south: '', gone: '' };

    const at = (iso: string) => new Date(iso);
    const seconds = (iso: string) => at(iso).getTime() / 1000;
    const get = (query: string, token = viewer, id = organisation) =>
      t.app.inject({ url: `/api/organisations/${id}/usage?${query}`, headers: bearer(token) });
    const usageOf = async (query: string) => {
      const response = await get(query);
      expect(response.statusCode).toBe(200);
      return response.json() as OrganisationUsage;
    };

    beforeAll(async () => {
      t = await createTestApp(kind, { QM_ROLE: 'web', LOG_LEVEL: 'error' });
      const { db } = t.database;
      organisation = await addOrganisation(db, 'Usage Org');
      await addUser(db, {
        organisationId: organisation,
        email: 'usage@usage.local',
        policy: { can_view_usage: true },
      });
      await addUser(db, { organisationId: organisation, email: 'plain@usage.local' });
      campaign.north = await addCampaign(db, { organisationId: organisation, name: 'North' });
      campaign.south = await addCampaign(db, { organisationId: organisation, name: 'South' });
      campaign.gone = await addCampaign(db, { organisationId: organisation, name: 'Gone' });
      const other = await addOrganisation(db, 'Elsewhere');
      const elsewhere = await addCampaign(db, { organisationId: other, name: 'Elsewhere' });
      admin = await t.accessToken(demoUsers.admin.email);
      viewer = await t.accessToken('usage@usage.local');

      const event = (
        createdAt: string,
        kindAndQuantity: Pick<EventRow, 'kind' | 'unit' | 'quantity'>,
        extra: Partial<EventRow> = {},
      ) => ({
        id: newId(at(createdAt)),
        organisationId: organisation,
        campaignId: campaign.north,
        conversationId: null,
        feature: 'evaluation' as const,
        engine: 'rules',
        model: null,
        createdAt: at(createdAt),
        ...kindAndQuantity,
        ...extra,
      });
      const call = (tokensIn: number, tokensOut: number) => ({
        kind: 'llm_call' as const,
        unit: 'call' as const,
        quantity: 1,
        tokensIn,
        tokensOut,
      });
      const evaluation = { kind: 'evaluation' as const, unit: 'evaluation' as const, quantity: 1 };
      const audio = (quantity: number) => ({
        kind: 'transcription' as const,
        unit: 'second' as const,
        quantity,
      });
      await db.insert(usageEvents).values([
        // Sunday 2031-01-05 late and Monday 2031-01-06 early (UTC): two days, two weeks, one month.
        event('2031-01-05T23:30:00Z', evaluation),
        event('2031-01-06T00:10:00Z', call(100, 10), {
          feature: 'evaluation',
          engine: 'llm',
          model: 'judge',
        }),
        event('2031-01-06T08:00:00Z', audio(90.5), {
          feature: 'transcription',
          engine: 'local',
          model: 'tiny',
        }),
        // The last moment of January, and February's first: two months.
        event('2031-01-31T23:59:59Z', evaluation, { campaignId: campaign.south }),
        event('2031-02-01T00:00:00Z', call(50, 5), {
          campaignId: campaign.south,
          feature: 'analysis',
          engine: 'llm',
          model: 'analyst',
        }),
        // A test call's usage, counted apart.
        event('2031-01-06T09:00:00Z', evaluation, { test: true }),
        event('2031-01-06T09:00:01Z', audio(30), { test: true, feature: 'transcription', engine: 'local' }),
        // An item test on a pasted transcript: no campaign.
        event('2031-01-07T10:00:00Z', call(7, 3), { campaignId: null, feature: 'item_test', engine: 'llm' }),
        // A campaign deleted since, and another organisation's usage.
        event('2031-01-08T10:00:00Z', evaluation, { campaignId: campaign.gone }),
        event('2031-01-08T10:00:00Z', evaluation, { organisationId: other, campaignId: elsewhere }),
        // Outside the period asked for.
        event('2030-12-31T23:59:59Z', evaluation),
      ]);
      await db.delete(campaigns).where(eq(campaigns.id, campaign.gone));
    });
    afterAll(() => t.close());

    const january = () =>
      `startTs=${seconds('2031-01-01T00:00:00Z')}&endTs=${seconds('2031-02-01T00:00:00Z')}`;

    it('sums the period, per campaign, per engine, test calls apart', async () => {
      const usage = await usageOf(january());
      expect(usage.group_by).toBe('day');
      expect(usage.totals).toEqual(
        figures({ evaluations: 3, llm_calls: 3, tokens_in: 157, tokens_out: 18, audio_seconds: 90.5 }),
      );
      expect(usage.test_totals).toEqual(figures({ evaluations: 1, audio_seconds: 30 }));
      expect(usage.campaigns).toEqual([
        {
          id: campaign.north,
          name: 'North',
          figures: figures({
            evaluations: 1,
            llm_calls: 1,
            tokens_in: 100,
            tokens_out: 10,
            audio_seconds: 90.5,
          }),
          test_figures: figures({ evaluations: 1, audio_seconds: 30 }),
        },
        {
          id: campaign.south,
          name: 'South',
          figures: figures({ evaluations: 1, llm_calls: 1, tokens_in: 50, tokens_out: 5 }),
          test_figures: noUsageFigures(),
        },
        {
          id: null,
          name: null,
          figures: figures({ evaluations: 1, llm_calls: 1, tokens_in: 7, tokens_out: 3 }),
          test_figures: noUsageFigures(),
        },
      ]);
      expect(usage.engines).toEqual([
        {
          feature: 'evaluation',
          engine: 'llm',
          model: 'judge',
          figures: figures({ llm_calls: 1, tokens_in: 100, tokens_out: 10 }),
        },
        {
          feature: 'transcription',
          engine: 'local',
          model: 'tiny',
          figures: figures({ audio_seconds: 90.5 }),
        },
        {
          feature: 'analysis',
          engine: 'llm',
          model: 'analyst',
          figures: figures({ llm_calls: 1, tokens_in: 50, tokens_out: 5 }),
        },
        {
          feature: 'item_test',
          engine: 'llm',
          model: null,
          figures: figures({ llm_calls: 1, tokens_in: 7, tokens_out: 3 }),
        },
        { feature: 'evaluation', engine: 'rules', model: null, figures: figures({ evaluations: 3 }) },
      ]);
    });

    it('buckets by UTC day, Monday week and month', async () => {
      const starts = async (groupBy: string) =>
        (await usageOf(`${january()}&groupBy=${groupBy}`)).series.map((point) => [
          point.period_start,
          point.figures.evaluations,
          point.figures.llm_calls,
        ]);
      expect(await starts('day')).toEqual([
        ['2031-01-05', 1, 0],
        ['2031-01-06', 0, 1],
        ['2031-01-07', 0, 1],
        ['2031-01-08', 1, 0],
        ['2031-01-31', 1, 0],
        ['2031-02-01', 0, 1],
      ]);
      expect(await starts('week')).toEqual([
        ['2030-12-30', 1, 0],
        ['2031-01-06', 1, 2],
        ['2031-01-27', 1, 1],
      ]);
      expect(await starts('month')).toEqual([
        ['2031-01-01', 3, 2],
        ['2031-02-01', 0, 1],
      ]);
    });

    it('narrows to campaigns, and to an open-ended period', async () => {
      const south = await usageOf(`campaigns=${campaign.south}`);
      expect(south.totals).toEqual(figures({ evaluations: 1, llm_calls: 1, tokens_in: 50, tokens_out: 5 }));
      expect(south.campaigns.map((row) => row.name)).toEqual(['South']);
      const both = await usageOf(
        `campaigns=${campaign.south}&campaigns=${campaign.north}&endTs=${seconds('2031-01-05T23:30:00Z')}`,
      );
      expect(both.totals).toEqual(figures({ evaluations: 2 }));
      const none = await usageOf(`startTs=${seconds('2040-01-01T00:00:00Z')}`);
      expect(none).toEqual({
        group_by: 'day',
        totals: noUsageFigures(),
        test_totals: noUsageFigures(),
        campaigns: [],
        engines: [],
        series: [],
      });
    });

    it('exports the events as CSV and XLSX, test calls marked', async () => {
      const csv = await t.app.inject({
        url: `/api/organisations/${organisation}/usage/export?${january()}&format=csv`,
        headers: bearer(viewer),
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(
        /^attachment; filename="Usage Org usage \d{4}-\d{2}-\d{2}\.csv"/,
      );
      const rows = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
      expect(rows.map((row) => [row.created_at, row.kind, row.quantity, row.test, row.campaign])).toEqual([
        ['2031-01-05T23:30:00.000Z', 'evaluation', '1', 'no', 'North'],
        ['2031-01-06T00:10:00.000Z', 'llm_call', '1', 'no', 'North'],
        ['2031-01-06T08:00:00.000Z', 'transcription', '90.5', 'no', 'North'],
        ['2031-01-06T09:00:00.000Z', 'evaluation', '1', 'yes', 'North'],
        ['2031-01-06T09:00:01.000Z', 'transcription', '30', 'yes', 'North'],
        ['2031-01-07T10:00:00.000Z', 'llm_call', '1', 'no', ''],
        ['2031-01-08T10:00:00.000Z', 'evaluation', '1', 'no', ''],
        ['2031-01-31T23:59:59.000Z', 'evaluation', '1', 'no', 'South'],
        ['2031-02-01T00:00:00.000Z', 'llm_call', '1', 'no', 'South'],
      ]);
      expect(rows[1]).toMatchObject({
        tokens_in: '100',
        tokens_out: '10',
        engine: 'llm',
        model: 'judge',
        unit: 'call',
      });

      const xlsx = await t.app.inject({
        url: `/api/organisations/${organisation}/usage/export?${january()}&format=xlsx`,
        headers: bearer(viewer),
      });
      expect(xlsx.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Usage');
      expect(sheet?.rowCount).toBe(rows.length + 1);
      expect(sheet?.getRow(4).getCell(3).value).toBe(90.5);
    });

    it('exports every event of a large period once, across batches of events written at the same moment', async () => {
      const { db } = t.database;
      const moment = at('2032-03-01T12:00:00.123456Z');
      const many = Array.from({ length: 4500 }, () => ({
        id: newId(moment),
        organisationId: organisation,
        campaignId: campaign.south,
        conversationId: null,
        kind: 'evaluation' as const,
        unit: 'evaluation' as const,
        feature: 'evaluation' as const,
        engine: 'rules',
        model: null,
        quantity: 1,
        createdAt: moment,
      }));
      await db.insert(usageEvents).values(many);
      const csv = await t.app.inject({
        url: `/api/organisations/${organisation}/usage/export?startTs=${seconds('2032-01-01T00:00:00Z')}`,
        headers: bearer(viewer),
      });
      expect(csv.statusCode).toBe(200);
      const ids = (parse(csv.body, { columns: true, bom: true }) as { id: string }[]).map((row) => row.id);
      expect(ids.length).toBe(many.length);
      expect(new Set(ids)).toEqual(new Set(many.map((row) => row.id)));
      expect((await usageOf(`startTs=${seconds('2032-01-01T00:00:00Z')}`)).totals.evaluations).toBe(4500);
    });

    it('is read by admins and by its supervisors with can_view_usage; others are refused', async () => {
      expect((await get(january(), admin)).statusCode).toBe(200);
      const plain = await t.accessToken('plain@usage.local');
      expect((await get(january(), plain)).statusCode).toBe(403);
      // The demo supervisor has can_view_usage, in another organisation.
      expect((await get(january(), await t.accessToken(demoUsers.supervisor.email))).statusCode).toBe(404);
      expect((await get(january(), viewer, demoOrganisation.id)).statusCode).toBe(404);
      expect((await get(january(), admin, newId())).statusCode).toBe(404);
    });

    it('refuses bad parameters and campaigns of another organisation', async () => {
      const refused = async (query: string, status = 400) => {
        const response = await get(query);
        expect(response.statusCode, query).toBe(status);
        expect(response.json()).toHaveProperty('detail');
      };
      await refused('groupBy=year');
      await refused(`startTs=${seconds('2031-02-01T00:00:00Z')}&endTs=${seconds('2031-01-01T00:00:00Z')}`);
      await refused('startTs=yesterday');
      await refused('campaigns=north');
      await refused(`campaigns=${demoCampaigns.customerCare.id}`, 404);
      await refused(`campaigns=${campaign.gone}`, 404);
      const badFormat = await t.app.inject({
        url: `/api/organisations/${organisation}/usage/export?format=pdf`,
        headers: bearer(viewer),
      });
      expect(badFormat.statusCode).toBe(400);
    });
  });
});
