// The list's filters as criteria: the agent scope always applied, empty filters dropped, duration units and
// inclusive dates, and the filters on evaluations.
import { describe, expect, it } from 'vitest';
import { conversationCriteria } from '../../../server/domain/conversation-criteria';

const campaignId = '019a0000-0000-7000-8000-000000000301';
const lucas = '019a0000-0000-7000-8000-000000000201';
const emma = '019a0000-0000-7000-8000-000000000202';
const everyone = { campaignId, onlyAgent: null };
const asLucas = { campaignId, onlyAgent: lucas };

describe('conversation criteria', () => {
  it('keeps a selection by id', () => {
    expect(conversationCriteria({ ids: [emma] }, everyone)).toMatchObject({ ids: [emma] });
    expect(conversationCriteria({ ids: [] }, everyone)).toMatchObject({ ids: null });
  });

  it('filters nothing without filters, for a supervisor', () => {
    expect(conversationCriteria(undefined, everyone)).toEqual({
      campaignId,
      ids: null,
      agentIds: null,
      types: null,
      sentiments: null,
      languages: null,
      statuses: null,
      anyTopics: null,
      metadata: [],
      minDurationSeconds: null,
      maxDurationSeconds: null,
      startedFrom: null,
      startedUntil: null,
      search: null,
      minScore: null,
      maxScore: null,
      missedItemIds: null,
      validatorIds: null,
      validated: null,
      matchesNothing: false,
    });
  });

  it('limits an agent to their own conversations whatever the filters ask', () => {
    expect(conversationCriteria({}, asLucas)).toMatchObject({ agentIds: [lucas], matchesNothing: false });
    expect(conversationCriteria({ agents: [emma, lucas.toUpperCase()] }, asLucas)).toMatchObject({
      agentIds: [lucas],
      matchesNothing: false,
    });
    expect(conversationCriteria({ agents: [emma] }, asLucas)).toMatchObject({
      agentIds: [],
      matchesNothing: true,
    });
    expect(conversationCriteria({ agents: [emma] }, everyone)).toMatchObject({ agentIds: [emma] });
  });

  it('drops empty lists, metadata keys without values and blank searches', () => {
    const criteria = conversationCriteria(
      { types: [], topics: [], conversationsMetadata: { channel: [], tier: ['gold'] }, q: '   ' },
      everyone,
    );
    expect(criteria).toMatchObject({ types: null, anyTopics: null, search: null });
    expect(criteria.metadata).toEqual([{ key: 'tier', values: ['gold'] }]);
  });

  it('reads durations by unit (spec §5) and keeps the started_before second', () => {
    expect(
      conversationCriteria(
        {
          duration: { min: { value: 2, unit: 'm' }, max: { value: 1, unit: 'h' } },
          started_after: 100,
          started_before: 200,
        },
        everyone,
      ),
    ).toMatchObject({
      minDurationSeconds: 120,
      maxDurationSeconds: 3600,
      startedFrom: 100,
      startedUntil: 201,
    });
    expect(
      conversationCriteria({ duration: { min: null, max: { value: 90, unit: 'x' } } }, everyone),
    ).toMatchObject({ minDurationSeconds: null, maxDurationSeconds: 90 });
  });

  it('keeps the evaluation filters as asked', () => {
    expect(
      conversationCriteria(
        { score: { min: 40, max: 80 }, evalItems: ['greeting'], validators: [lucas], validated: true },
        everyone,
      ),
    ).toMatchObject({
      minScore: 40,
      maxScore: 80,
      missedItemIds: ['greeting'],
      validatorIds: [lucas],
      validated: true,
      matchesNothing: false,
    });
  });

  it('ignores empty evaluation filters', () => {
    expect(conversationCriteria({ score: {}, evalItems: [], validators: [] }, everyone)).toMatchObject({
      minScore: null,
      maxScore: null,
      missedItemIds: null,
      validatorIds: null,
      validated: null,
    });
  });
});
