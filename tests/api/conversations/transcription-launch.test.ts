// `POST /api/calls/{id}/transcription/launch`: who may launch, what it answers, and the job it queues (the worker
// is off here, so the queue shows what the route did).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { conversations, jobs } from '../../../server/db/schema';
import { newId } from '../../../server/db/ids';
import { toneWav } from '../../fixtures/speech';
import { testDatabaseKinds } from '../../fixtures/databases';
import { addAudioCall, addCampaign, addConversation, addOrganisation, addUser } from '../../fixtures/records';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

describe.each(testDatabaseKinds)('transcription launch on %s', (kind) => {
  let t: TestApp;
  let supervisor: string;
  const addCall = () =>
    addAudioCall(t.database.db, t.app.context.files, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
      language: 'en',
      audio: toneWav({ durationSeconds: 1, spans: [[0, 1]] }),
    });
  const launch = (id: string, token = supervisor) =>
    t.app.inject({ method: 'POST', url: `/api/calls/${id}/transcription/launch`, headers: bearer(token) });
  const liveJobs = (conversationId: string) =>
    t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.conversationId, conversationId), eq(jobs.kind, 'transcription')));

  beforeAll(async () => {
    t = await createTestApp(kind, { QM_ROLE: 'web' });
    supervisor = await t.accessToken(demoUsers.supervisor.email);
  });
  afterAll(() => t.close());

  it('queues the transcription of a call and answers 202 with the call waiting for it', async () => {
    const id = await addCall();
    const response = await launch(id);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      id,
      type: 'call',
      status: 'transcribing',
      status_detail: null,
      has_audio: true,
      campaign_name: demoCampaigns.customerCare.name,
      agent: { id: demoUsers.agent.id },
    });
    expect(await liveJobs(id)).toMatchObject([{ status: 'queued', attempts: 0 }]);
  });

  it('launches a failed call again, brings a waiting retry forward, and never queues it twice', async () => {
    const id = await addCall();
    await t.database.db
      .update(conversations)
      .set({
        status: 'failed',
        statusReason: 'provider_error',
        statusDetail: 'The transcription provider answered 503',
      })
      .where(eq(conversations.id, id));
    const failed = await t.app.inject({ url: `/api/conversations/${id}`, headers: bearer(supervisor) });
    expect(failed.json()).toMatchObject({
      status: 'failed',
      status_reason: 'provider_error',
      status_detail: 'The transcription provider answered 503',
    });
    expect((await launch(id)).json()).toMatchObject({
      status: 'transcribing',
      status_reason: null,
      status_detail: null,
    });
    const [queued] = await liveJobs(id);
    await t.database.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() + 3600_000) })
      .where(eq(jobs.id, queued!.id));

    expect((await launch(id)).statusCode).toBe(202);
    const [again, ...others] = await liveJobs(id);
    expect(others).toEqual([]);
    expect(again).toMatchObject({ id: queued!.id, status: 'queued' });
    expect(again!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a conversation without audio with 409', async () => {
    const textCall = await addConversation(t.database.db, {
      campaignId: demoCampaigns.customerCare.id,
      agentId: demoUsers.agent.id,
    });
    const response = await launch(textCall);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ detail: 'This conversation has no audio to transcribe' });
    expect(await liveJobs(textCall)).toEqual([]);
  });

  it('leaves launching to the people who edit the campaign: 403 for viewers, 404 elsewhere', async () => {
    const id = await addCall();
    for (const email of [demoUsers.agent.email, demoUsers.supervisor2.email])
      expect((await launch(id, await t.accessToken(email))).statusCode).toBe(403);
    expect((await launch(id, await t.accessToken(demoUsers.agent2.email))).statusCode).toBe(404);

    const elsewhere = await addOrganisation(t.database.db, 'Launch Elsewhere');
    const outsider = await addUser(t.database.db, { organisationId: elsewhere, email: 'owner@launch.test' });
    await addCampaign(t.database.db, {
      organisationId: elsewhere,
      name: 'Elsewhere',
      members: [{ userId: outsider, role: 'owner' }],
    });
    expect((await launch(id, await t.accessToken('owner@launch.test'))).statusCode).toBe(404);
    expect((await launch(newId())).statusCode).toBe(404);
    expect((await launch('not-an-id')).statusCode).toBe(400);
    expect(await liveJobs(id)).toEqual([]);
  });
});
