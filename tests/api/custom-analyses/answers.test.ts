// The custom analyses answered by the analysis job: each analysis of the campaign gets the local engine's answer
// (English and French turns), shown by `GET /conversations/{id}`; running the job again writes the same; a
// transcript changed and analysed again gets new answers; another campaign's analyses are not asked.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Turn } from '../../../contract/conversations';
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { newId } from '../../../server/db/ids';
import { conversations, customAnalysisResults, jobs, usageEvents } from '../../../server/db/schema';
import type { JobContext } from '../../../server/jobs/handler';
import { analysisHandler } from '../../../server/jobs/handlers/analysis';
import { completeJob } from '../../../server/jobs/queue-store';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addCampaign, addConversation, turn } from '../../fixtures/records';
import {
  startFakeChatCompletions,
  userPayload,
  type FakeChatCompletions,
} from '../../fixtures/fake-chat-completions';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';
import { loadConfig } from '../../../server/config';

describe.each(testDatabaseKinds)('custom analyses answered by the analysis job on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let campaignId: string;
  let otherCampaignId: string;
  let context: JobContext;
  let fake: FakeChatCompletions | undefined;

  const create = (campaign: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/campaigns/${campaign}/custom-analyses`,
      headers: bearer(token),
      payload: body,
    });

  async function analyse(turns: Turn[], conversationId?: string, jobContext = context) {
    const { db } = t.database;
    const id =
      conversationId ??
      (await addConversation(db, {
        campaignId,
        agentId: demoUsers.agent.id,
        type: 'chat',
        status: 'analysing',
        turns,
      }));
    if (conversationId) {
      await db.update(conversations).set({ turns, status: 'analysing' }).where(eq(conversations.id, id));
    }
    const [job] = await db
      .insert(jobs)
      .values({ id: newId(), kind: 'analysis', conversationId: id, status: 'running', attempts: 1 })
      .returning();
    await analysisHandler(job!, jobContext);
    await completeJob(db, job!);
    return id;
  }
  const answersOf = async (conversationId: string) => {
    const response = await t.app.inject({
      url: `/api/conversations/${conversationId}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { custom_analyses: { name: string; value: unknown; engine: string }[] })
      .custom_analyses;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web', LOG_LEVEL: 'error' });
    const members = [
      { userId: demoUsers.supervisor.id, role: 'owner' as const, policy: { can_edit_settings: true } },
      { userId: demoUsers.agent.id, role: 'viewer' as const },
    ];
    const { db } = t.database;
    campaignId = await addCampaign(db, { organisationId: demoOrganisation.id, name: 'Answered', members });
    otherCampaignId = await addCampaign(db, { organisationId: demoOrganisation.id, name: 'Other', members });
    token = await t.accessToken(demoUsers.supervisor.email);
    context = {
      ...t.app.context,
      log: t.app.log,
      reportProgress: async () => {},
      complete: (write) => write(db),
      signal: new AbortController().signal,
    };
    for (const body of [
      {
        name: 'Cancels',
        question: 'Does the customer ask to cancel?',
        type: 'yes_no',
        rules: { any_of: ['cancel', 'résilier'], speaker: 'customer' },
      },
      {
        name: 'Reason',
        question: 'Why does the customer call?',
        type: 'choice',
        options: ['Billing', 'Outage'],
        rules: {
          speaker: 'customer',
          choices: [
            { option: 'Billing', any_of: ['bill', 'facture'] },
            { option: 'Outage', any_of: ['internet is down', 'panne'] },
          ],
        },
      },
      {
        name: 'Apologies',
        question: 'How many times does the agent apologise?',
        type: 'number',
        rules: { count_of: ['sorry', 'désolé'], speaker: 'agent' },
      },
      { name: 'Summary', question: 'Summarise the call in one sentence.', type: 'free_text' },
    ]) {
      expect((await create(campaignId, body)).statusCode).toBe(201);
    }
    expect(
      (await create(otherCampaignId, { name: 'Elsewhere', question: 'Asked elsewhere?', type: 'yes_no' }))
        .statusCode,
    ).toBe(201);
  });
  afterAll(async () => {
    await fake?.close();
    await t.close();
  });

  it("answers every analysis of the conversation's campaign from the rules, in English and in French", async () => {
    const english = await analyse([
      turn('customer', 'My internet is down, I want to cancel.'),
      turn('agent', 'Sorry about that. Sorry again for the wait.'),
      turn('agent', 'I am sorry, it is fixed.'),
    ]);
    expect(await answersOf(english)).toEqual([
      {
        analysis_id: expect.any(String),
        name: 'Cancels',
        type: 'yes_no',
        value: true,
        engine: 'rules',
        evidence_turn: 1,
      },
      {
        analysis_id: expect.any(String),
        name: 'Reason',
        type: 'choice',
        value: 'Outage',
        engine: 'rules',
        evidence_turn: 1,
      },
      {
        analysis_id: expect.any(String),
        name: 'Apologies',
        type: 'number',
        value: 2,
        engine: 'rules',
        evidence_turn: 2,
      },
      {
        analysis_id: expect.any(String),
        name: 'Summary',
        type: 'free_text',
        value: null,
        engine: 'rules',
        evidence_turn: null,
      },
    ]);
    const french = await analyse([
      turn('customer', 'Ma facture est fausse.'),
      turn('agent', 'Je suis désolé, je corrige.'),
    ]);
    expect((await answersOf(french)).map(({ value }) => value)).toEqual([false, 'Billing', 1, null]);
  });

  it('writes the same when run again, and new answers when the turns change', async () => {
    const id = await analyse([turn('customer', 'Please cancel my line.')]);
    await analyse([turn('customer', 'Please cancel my line.')], id);
    const rows = await t.database.db
      .select()
      .from(customAnalysisResults)
      .where(eq(customAnalysisResults.conversationId, id));
    expect(rows).toHaveLength(4);
    expect((await answersOf(id)).map(({ value }) => value)).toEqual([true, null, 0, null]);
    await analyse([turn('customer', 'There is a panne, nothing works.')], id);
    expect((await answersOf(id)).map(({ value }) => value)).toEqual([false, 'Outage', 0, null]);
  });

  it('asks the analysis provider every question when one is configured; an answer that does not fit is none', async () => {
    fake = await startFakeChatCompletions((request) => {
      const format = request.body.response_format?.json_schema;
      if (format?.name !== 'custom_analyses') {
        return {
          content: JSON.stringify({
            language: 'en',
            sentiment: 'NEGATIVE',
            turn_sentiments: ['NEGATIVE'],
            topics: [],
          }),
        };
      }
      const { questions } = userPayload(request) as { questions: { id: string; type: string }[] };
      const byType: Record<string, unknown> = {
        yes_no: true,
        choice: 'Refund',
        number: 3,
        free_text: 'The customer wants to leave.',
      };
      return {
        content: JSON.stringify({
          answers: Object.fromEntries(questions.map(({ id, type }) => [id, byType[type]])),
        }),
      };
    });
    const config = loadConfig({
      DATA_DIR: t.config.dataDir,
      LOG_LEVEL: 'silent',
      ANALYSIS_BASE_URL: fake.baseUrl,
      ANALYSIS_MODEL: 'fake-analyst',
    });
    const id = await analyse([turn('customer', 'I am leaving you.')], undefined, { ...context, config });
    expect(await answersOf(id)).toEqual([
      expect.objectContaining({ name: 'Cancels', value: true, engine: 'llm', evidence_turn: null }),
      // "Refund" is no option of the choice.
      expect.objectContaining({ name: 'Reason', value: null, engine: 'llm' }),
      expect.objectContaining({ name: 'Apologies', value: 3, engine: 'llm' }),
      expect.objectContaining({ name: 'Summary', value: 'The customer wants to leave.', engine: 'llm' }),
    ]);
    const asked = fake.requests.find(
      (request) => request.body.response_format?.json_schema?.name === 'custom_analyses',
    );
    expect(userPayload(asked!)).toMatchObject({
      questions: [
        { type: 'yes_no', question: 'Does the customer ask to cancel?' },
        { type: 'choice', options: ['Billing', 'Outage'] },
        { type: 'number' },
        { type: 'free_text', question: 'Summarise the call in one sentence.' },
      ],
      turns: [{ number: 1, speaker: 'customer', text: 'I am leaving you.' }],
    });
    // The request is counted for the campaign's organisation, with the tokens the provider reported.
    const usage = await t.database.db.select().from(usageEvents).where(eq(usageEvents.conversationId, id));
    expect(usage.filter((event) => event.feature === 'custom_analysis')).toEqual([
      expect.objectContaining({
        organisationId: demoOrganisation.id,
        campaignId,
        kind: 'llm_call',
        unit: 'call',
        engine: 'llm',
        model: 'fake-analyst',
        quantity: 1,
        tokensIn: 10,
        tokensOut: 5,
      }),
    ]);
  });
});
