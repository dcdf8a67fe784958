// Live progress on the conversation list: a batch of messages sets the status of their conversations in every
// cached page (the latest message of each winning) and touches no other row; a conversation not listed yet is told
// apart (the list reloads for it).
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationSummary } from '../../../contract/conversations';
import type { ConversationProgress } from '../../../contract/live';
import {
  followConversationLists,
  isListed,
  withProgress,
} from '../../../src/services/live/conversation-list-cache';
import { conversationListKeys, type ConversationPage } from '../../../src/services/queries/conversation-list';

const row = (id: string): ConversationSummary => ({
  id,
  campaign_id: '019a0000-0000-7000-8000-000000000301',
  type: 'call',
  agent: null,
  status: 'transcribing',
  status_reason: null,
  status_detail: null,
  language: 'en',
  started_at: 1_700_000_000,
  duration_s: 60,
  metadata: {},
  external_id: null,
  sentiment: null,
  topics: [],
  has_audio: true,
  created_at: 1_700_000_000,
  evaluation: null,
});

const ids = ['019a0000-0000-7000-8000-00000000a001', '019a0000-0000-7000-8000-00000000a002'] as const;

describe('withProgress', () => {
  const pages = {
    pageParams: [undefined, ids[0]],
    pages: [
      { items: [row(ids[0])], next_start_after: ids[0] },
      { items: [row(ids[1])], next_start_after: null },
    ] satisfies ConversationPage[],
  };

  it('sets the status, its reason and its detail of the conversation the message is about, on whichever page it is', () => {
    const failed = withProgress(pages, [
      {
        type: 'conversation',
        conversation_id: ids[1],
        campaign_id: row(ids[1]).campaign_id,
        status: 'failed',
        status_reason: 'no_engine_for_language',
        status_detail: 'No transcription engine for French: configure a provider',
        job: null,
      },
    ]);
    expect(failed?.pages[1]?.items[0]).toMatchObject({
      status: 'failed',
      status_reason: 'no_engine_for_language',
      status_detail: 'No transcription engine for French: configure a provider',
    });
    expect(failed?.pages[0]?.items[0]).toEqual(row(ids[0]));
    expect(failed?.pageParams).toEqual(pages.pageParams);
    expect(pages.pages[1]?.items[0]?.status).toBe('transcribing');
  });

  it('applies a batch at once, the latest message of a conversation last', () => {
    const message = (conversationId: string, status: ConversationSummary['status']) => ({
      type: 'conversation' as const,
      conversation_id: conversationId,
      campaign_id: row(conversationId).campaign_id,
      status,
      status_reason: null,
      status_detail: null,
      job: null,
    });
    const moved = withProgress(pages, [
      message(ids[0], 'analysing'),
      message(ids[1], 'analysing'),
      message(ids[0], 'ready'),
    ]);
    expect(moved?.pages.map((page) => page.items[0]?.status)).toEqual(['ready', 'analysing']);
  });

  it('knows which conversations the cached pages list', () => {
    expect(isListed(pages, ids[1])).toBe(true);
    expect(isListed(pages, '019a0000-0000-7000-8000-00000000a003')).toBe(false);
    expect(isListed(undefined, ids[0])).toBe(false);
  });

  it('leaves a list not loaded yet as it is', () => {
    expect(
      withProgress(undefined, [
        {
          type: 'conversation',
          conversation_id: ids[0],
          campaign_id: row(ids[0]).campaign_id,
          status: 'ready',
          status_reason: null,
          status_detail: null,
          job: null,
        },
      ]),
    ).toBeUndefined();
  });
});

describe('followConversationLists', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const campaignId = row(ids[0]).campaign_id;
  const message = (conversationId: string, status: ConversationSummary['status']): ConversationProgress => ({
    type: 'conversation',
    conversation_id: conversationId,
    campaign_id: campaignId,
    status,
    status_reason: null,
    status_detail: null,
    job: null,
  });

  it('sets a batch in the cached list at once, and reloads the list and its count once for news of a conversation not listed', () => {
    const queryClient = new QueryClient();
    const listKey = conversationListKeys.list(campaignId, 'started_at_desc', undefined);
    queryClient.setQueryData(listKey, {
      pageParams: [undefined],
      pages: [{ items: [row(ids[0])], next_start_after: null }],
    });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const batches = new Subject<ConversationProgress[]>();
    const subscription = followConversationLists(batches, queryClient, campaignId);

    batches.next([message(ids[0], 'analysing')]);
    const cached = queryClient.getQueryData<InfiniteData<ConversationPage>>(listKey);
    expect(cached?.pages[0]?.items[0]?.status).toBe('analysing');
    vi.advanceTimersByTime(2000);
    expect(invalidate).not.toHaveBeenCalled();

    batches.next([message(ids[1], 'transcribing'), message(ids[1], 'analysing')]);
    vi.advanceTimersByTime(2000);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      conversationListKeys.ofCampaign(campaignId),
      conversationListKeys.countOfCampaign(campaignId),
    ]);
    subscription.unsubscribe();
  });
});
