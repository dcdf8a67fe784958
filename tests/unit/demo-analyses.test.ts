// The demo campaigns' phases and custom analyses fit their demo conversations: most calls and chats go
// through several phases in order, and every analysis is answered on some conversations, not the same everywhere.
import { describe, expect, it } from 'vitest';
import {
  customerCareAnalyses,
  customerCarePhases,
  serviceClientAnalyses,
  serviceClientPhases,
} from '../../server/demo/conversations/analyses';
import { planDemoConversations } from '../../server/demo/conversations/generate';
import { demoCampaignPlans } from '../../server/demo/conversations/seed';
import { splitIntoPhases } from '../../server/domain/conversation-phases';
import { answerFromRules } from '../../server/domain/custom-analysis/rules-engine';
import { readTurns } from '../../server/domain/evaluation/turns';
import { conversationContent } from '../../server/domain/new-conversation';

const definitions = {
  en: { phases: customerCarePhases, analyses: customerCareAnalyses },
  fr: { phases: serviceClientPhases, analyses: serviceClientAnalyses },
};

describe.each(demoCampaignPlans)('the demo analyses of the $language campaign', (campaign) => {
  const { phases, analyses } = definitions[campaign.language];
  const conversations = planDemoConversations(campaign, { now: 1_800_000_000, seed: 1 }).map((plan) => ({
    type: plan.input.type,
    turns: conversationContent(plan.input, campaign.language, new Date()).turns,
  }));

  it('split most calls and chats into three phases or more, every conversation in the defined order', () => {
    const found = conversations.map(({ type, turns }) => splitIntoPhases(type, turns, phases));
    const spoken = found.filter((_, index) => conversations[index]?.type !== 'email');
    const phased = spoken.filter((list) => list.length >= 3);
    expect(phased.length / spoken.length).toBeGreaterThan(0.8);
    const order = phases.map((phase) => phase.name);
    for (const list of found) {
      const positions = list.map((phase) => order.indexOf(phase.name));
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    }
  });

  it('answer every analysis on some conversations, with answers that differ', () => {
    for (const analysis of analyses) {
      const question = { ...analysis, options: analysis.type === 'choice' ? analysis.options : null };
      const values = conversations.map(
        ({ turns }) =>
          answerFromRules({ ...question, rules: analysis.rules ?? null }, readTurns(turns)).value,
      );
      const answered = values.filter((value) => value !== null && value !== false && value !== 0);
      expect(answered.length, analysis.name).toBeGreaterThan(conversations.length / 10);
      expect(new Set(values).size, analysis.name).toBeGreaterThan(1);
    }
  });
});
