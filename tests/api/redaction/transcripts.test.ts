// Stored redaction of calls, on both databases, in the real app with its worker: with `redact_at_ingestion`, the
// transcript the provider (a small OpenAI-compatible service started here) returns is written redacted, its search
// text too, and a person's edit of it is saved redacted.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '../../../contract/conversations';
import { campaigns, conversations } from '../../../server/db/schema';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import {
  startFakeTranscriptionProvider,
  verboseJson,
  type FakeTranscriptionProvider,
} from '../../fixtures/fake-transcription-provider';
import { addAudioCall } from '../../fixtures/records';
import { missingProgramsFor, toneWav } from '../../fixtures/speech';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const missing = await missingProgramsFor('Transcript redaction tests', ['ffmpeg', 'ffprobe'], 'ffmpeg');
const campaignId = demoCampaigns.customerCare.id;
const jobTimeout = { timeout: 20_000, interval: 100 };

describe.each(testDatabaseKinds)('stored redaction of calls on %s', (kind) => {
  describe.skipIf(missing.length > 0)('with a transcription provider', () => {
    let provider: FakeTranscriptionProvider;
    let t: TestApp;
    let supervisor: string;

    beforeAll(async () => {
      provider = await startFakeTranscriptionProvider();
      t = await createTestApp(kind, {
        TRANSCRIPTION_BASE_URL: provider.baseUrl,
        TRANSCRIPTION_MODEL: 'whisper-large-v3',
      });
      supervisor = await t.accessToken(demoUsers.supervisor.email);
      await t.database.db
        .update(campaigns)
        .set({ redactAtIngestion: true })
        .where(eq(campaigns.id, campaignId));
    });
    afterAll(async () => {
      await t?.close();
      await provider?.close();
    });

    const storedCall = async (id: string) => {
      const [row] = await t.database.db.select().from(conversations).where(eq(conversations.id, id));
      return row!;
    };

    it('writes the transcript redacted, then saves a person’s edit redacted', async () => {
      provider.answerWith(() => ({
        status: 200,
        body: verboseJson([
          {
            start: 0.5,
            end: 2.5,
            text: 'My card is four one one one one one one one one one one one one one one one.',
          },
        ]),
      }));
      const id = await addAudioCall(t.database.db, t.app.context.files, {
        campaignId,
        agentId: demoUsers.agent.id,
        language: 'en',
        audio: toneWav({ durationSeconds: 3, spans: [[0.5, 2.5]] }),
      });
      const launched = await t.app.inject({
        method: 'POST',
        url: `/api/calls/${id}/transcription/launch`,
        headers: bearer(supervisor),
      });
      expect(launched.statusCode).toBe(202);
      await expect.poll(async () => (await storedCall(id)).transcriptVersion, jobTimeout).toBe(1);
      expect(await storedCall(id)).toMatchObject({
        turns: [{ text: 'My card is [CARD].', start_s: 0.5, end_s: 2.5 }],
        searchText: 'My card is [CARD].',
      });

      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/calls/${id}/transcript`,
        headers: bearer(supervisor),
        payload: {
          transcript_version: 1,
          segments: [{ speaker: 'customer', text: 'Call me on 06 12 34 56 78.' }],
        },
      });
      expect(edited.statusCode).toBe(200);
      expect((edited.json() as Conversation).turns[0]!.text).toBe('Call me on [PHONE].');
      expect((await storedCall(id)).searchText).toBe('Call me on [PHONE].');
    });
  });
});
