// @vitest-environment jsdom
// The review walk on the conversation page, with a walk built from conversation ids as the list or the queue gives
// it: its position in both sources, Previous / Next, and "Validate and next", which leaves only once the server has
// accepted the validation (not on a refusal), for the walk's back page at its end; without a walk, Back goes to the
// campaign's list, and Shift+V only validates. The evaluation machine is the real one, its API stubbed.
import { QueryClient } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Conversation } from '../../../contract/conversations';
import type { Evaluation } from '../../../contract/evaluations';
import en from '../../../src/i18n/en.json';
import fr from '../../../src/i18n/fr.json';
import { createEvaluationCacheActions } from '../../../src/machines/evaluation/actors';
import {
  evaluationMachine,
  type EvaluationLiveEvent,
  type SentAnswer,
} from '../../../src/machines/evaluation/machine';
import { EvaluationActorContext } from '../../../src/machines/evaluation/provider';
import { ApiError } from '../../../src/services/api-error';
import { conversationKeys } from '../../../src/services/queries/conversations';
import { ReviewWalkContext, type ReviewWalk } from '../../../src/services/review-walk/review-walk-context';
import { ReviewWalkBar } from '../../../src/views/pages/conversations/review/ReviewWalkBar';
import { eventStreamStub, promiseStub, settle } from '../../machines/stubs';
import { fixtures } from '../../machines/support/machine-graphs';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const campaignId = '00000000-0000-4000-8000-0000000000a2';
const ids = [
  '00000000-0000-4000-8000-0000000000c0',
  fixtures.conversationId,
  '00000000-0000-4000-8000-0000000000c9',
];
const here = `/conversations/${ids[1]}`;

const conversationWith = (evaluation: Evaluation | null): Conversation => ({
  id: fixtures.conversationId,
  campaign_id: campaignId,
  type: 'chat',
  agent: null,
  status: 'ready',
  status_reason: null,
  status_detail: null,
  language: 'en',
  started_at: 1_767_225_600,
  duration_s: 60,
  metadata: {},
  external_id: null,
  sentiment: null,
  topics: [],
  has_audio: false,
  created_at: 1_767_225_600,
  campaign_name: 'Support calls',
  is_test: false,
  turns: [],
  phases: [],
  transcript_version: 1,
  transcription: null,
  analysis: null,
  evaluation,
});

const listWalk = (nextHref: string | null): ReviewWalk => ({
  source: 'list',
  position: 12,
  total: 312,
  nextHref,
  previousHref: `/conversations/${ids[0]}`,
  backHref: `/campaigns/${campaignId}/conversations`,
});

let root: Root | null = null;
afterEach(async () => {
  if (root) await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

async function renderBar(walk: ReviewWalk | null, language: 'en' | 'fr' = 'en') {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  const queryClient = new QueryClient();
  const conversation = conversationWith(fixtures.doneEvaluation);
  queryClient.setQueryData(conversationKeys.one(conversation.id), conversation);
  const setValidation = promiseStub<Evaluation, { conversationId: string; validated: boolean }>(
    'setValidation',
  );
  const machine = evaluationMachine.provide({
    actors: {
      launchEvaluation: promiseStub<Evaluation, { conversationId: string; itemId: string | null }>('launch')
        .logic,
      saveAnswer: promiseStub<Evaluation, SentAnswer>('saveAnswer').logic,
      setValidation: setValidation.logic,
      readEvaluation: promiseStub<Evaluation | null, { conversationId: string }>('read').logic,
      liveEvaluation: eventStreamStub<EvaluationLiveEvent, { conversationId: string }>('live').logic,
    },
    actions: createEvaluationCacheActions(queryClient),
  });
  const memory = memoryLocation({ path: here, record: true });
  const host = document.body.appendChild(document.createElement('div'));
  root = createRoot(host);
  await act(async () =>
    root?.render(
      <I18nextProvider i18n={i18n}>
        <Router hook={memory.hook}>
          <ReviewWalkContext.Provider value={walk}>
            <EvaluationActorContext.Provider
              logic={machine}
              options={{
                input: { conversationId: conversation.id, userId: 'u1', canChange: true, status: 'done' },
              }}
            >
              <ReviewWalkBar conversation={conversation} />
            </EvaluationActorContext.Provider>
          </ReviewWalkContext.Provider>
        </Router>
      </I18nextProvider>,
    ),
  );
  const links = () =>
    [...host.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
  const button = (name: string) =>
    [...host.querySelectorAll('button')].find((candidate) => candidate.textContent?.includes(name));
  const settleAll = () => act(async () => settle());
  return { host, links, button, setValidation, history: memory.history, settleAll };
}

describe('ReviewWalkBar', () => {
  it('shows the position in the list or the queue, in English and French, with Previous and Next', async () => {
    const list = await renderBar(listWalk(`/conversations/${ids[2]}`));
    expect(list.host.textContent).toContain('12 of 312 in the list');
    expect(list.links()).toEqual([
      ['Back to the list', `/campaigns/${campaignId}/conversations`],
      ['Previous', `/conversations/${ids[0]}`],
      ['Next', `/conversations/${ids[2]}`],
    ]);
    await act(async () => root?.unmount());
    const queue = await renderBar({ ...listWalk(null), source: 'queue', position: 1200, total: 1312 }, 'fr');
    const number = (value: number) => new Intl.NumberFormat('fr').format(value);
    expect(queue.host.textContent).toContain(`${number(1200)} sur ${number(1312)} dans votre file`);
    expect(queue.links().map(([text]) => text)).toEqual(['Retour à votre file', 'Précédente']);
  });

  it('"Validate and next" goes on only once the server accepted the validation; a refusal stays', async () => {
    const bar = await renderBar(listWalk(`/conversations/${ids[2]}`));
    await act(async () => bar.button('Validate and next')?.click());
    expect(bar.setValidation.runs).toHaveLength(1);
    expect(bar.history).toEqual([here]);
    await act(async () => bar.setValidation.reject(new ApiError(403, 'Forbidden')));
    await bar.settleAll();
    expect(bar.history).toEqual([here]);

    await act(async () => bar.button('Validate and next')?.click());
    await act(async () => bar.setValidation.resolve(fixtures.validatedEvaluation));
    await bar.settleAll();
    expect(bar.history).toEqual([here, `/conversations/${ids[2]}`]);
  });

  it("at the walk's end, an accepted validation goes back to where the walk came from", async () => {
    const bar = await renderBar(listWalk(null));
    await act(async () => bar.button('Validate and next')?.click());
    await act(async () => bar.setValidation.resolve(fixtures.validatedEvaluation));
    await bar.settleAll();
    expect(bar.history).toEqual([here, `/campaigns/${campaignId}/conversations`]);
  });

  it('without a walk: Back to the campaign list, no previous or next; Shift+V validates and stays', async () => {
    const bar = await renderBar(null);
    expect(bar.links()).toEqual([
      ['Conversations of Support calls', `/campaigns/${campaignId}/conversations`],
    ]);
    expect(bar.button('Validate and next')).toBeUndefined();
    await act(async () =>
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'V', shiftKey: true, bubbles: true })),
    );
    expect(bar.setValidation.runs[0]?.input).toEqual({
      conversationId: fixtures.conversationId,
      validated: true,
    });
    await act(async () => bar.setValidation.resolve(fixtures.validatedEvaluation));
    await bar.settleAll();
    expect(bar.history).toEqual([here]);
  });
});
