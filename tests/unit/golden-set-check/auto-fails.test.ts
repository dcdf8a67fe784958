// How many validated conversations a grid would auto-fail: a critical item the rules answer "no" fails the
// conversation; an item the rules do not answer keeps the validated answer; a grid without a critical item fails none.
import { describe, expect, it } from 'vitest';
import type { SettledConversation } from '../../../server/domain/evaluation/agreement';
import { autoFailedCount } from '../../../server/domain/evaluation/auto-fails';
import type { Grid, GridItem, ItemValue } from '../../../server/domain/evaluation/grid';
import { textTurn } from '../../fixtures/turns';

const item = (id: string, extra: Partial<GridItem>): GridItem => ({
  id,
  name: id,
  description: '',
  type: 'binary_item',
  weight: 1,
  critical: false,
  allow_na: false,
  ...extra,
});

const gridOf = (...items: GridItem[]): Grid => ({
  sections: [{ id: 's', name: 's', items }],
  additional_scores: [],
});

const greets = (critical: boolean) =>
  item('greets', { critical, rules: { any_of: ['hello'], speaker: 'agent', absent: false } });
const solves = item('solves', { critical: true });

const settled = (agentSays: string, answers: Record<string, ItemValue>): SettledConversation => ({
  turns: [textTurn('customer', 'Hi.'), textTurn('agent', agentSays)],
  finalAnswers: new Map(Object.entries(answers)),
});

const conversations = [
  settled('Hello, let me check.', { greets: 'yes', solves: 'yes' }),
  // People said the greeting was fine, but the rules find none: a critical greeting fails it.
  settled('Let me check.', { greets: 'yes', solves: 'yes' }),
  // The rules do not answer `solves`: its validated "no" stands.
  settled('Hello.', { greets: 'yes', solves: 'no' }),
];

describe('autoFailedCount', () => {
  it('counts the conversations a critical item would fail, by the rules or by the validated answer', () => {
    expect(autoFailedCount(gridOf(greets(true), solves), conversations)).toBe(2);
    expect(autoFailedCount(gridOf(greets(true)), conversations)).toBe(1);
  });

  it('fails none without a critical item', () => {
    expect(autoFailedCount(gridOf(greets(false)), conversations)).toBe(0);
    expect(autoFailedCount(gridOf(greets(true)), [])).toBe(0);
  });
});
