// The custom analyses' local engine on English and French conversations: yes/no (and absent), a choice's first
// matching option, a count of turns, a quoted turn; the speaker kept; accents, case and punctuation ignored.
import { describe, expect, it } from 'vitest';
import type { Turn } from '../../contract/conversations';
import { answerFromRules } from '../../server/domain/custom-analysis/rules-engine';
import { readTurns } from '../../server/domain/evaluation/turns';

const say = (speaker: Turn['speaker'], text: string) => ({ speaker, text });

const english = readTurns([
  say('agent', 'Hello, thank you for calling. How can I help?'),
  say('customer', 'My internet is down again, I want to cancel my contract.'),
  say('agent', "I'm sorry to hear that. Let me check the line."),
  say('agent', 'Sorry for the wait, the line is fixed.'),
  say('customer', 'Thanks, goodbye.'),
]);

const french = readTurns([
  say('agent', 'Bonjour, merci de votre appel.'),
  say('customer', "Ma FACTURE est trop élevée, je veux résilier l'abonnement."),
  say('agent', 'Je suis désolé, je vérifie votre facture.'),
  say('customer', 'Très bien, merci.'),
]);

describe('custom analyses: the local engine', () => {
  it('answers yes/no by the speaker, and inverts with absent', () => {
    const cancel = { any_of: ['cancel', 'résilier'], speaker: 'customer' };
    expect(answerFromRules({ type: 'yes_no', rules: cancel }, english)).toEqual({
      value: true,
      evidenceTurn: 2,
    });
    expect(answerFromRules({ type: 'yes_no', rules: cancel }, french)).toEqual({
      value: true,
      evidenceTurn: 2,
    });
    const agentCancels = { ...cancel, speaker: 'agent' };
    expect(answerFromRules({ type: 'yes_no', rules: agentCancels }, english)).toEqual({
      value: false,
      evidenceTurn: null,
    });
    const noGoodbye = { any_of: ['au revoir'], absent: true };
    expect(answerFromRules({ type: 'yes_no', rules: noGoodbye }, french).value).toBe(true);
    expect(
      answerFromRules({ type: 'yes_no', rules: { any_of: ['goodbye'], absent: true } }, english).value,
    ).toBe(false);
  });

  it('picks the first option, in the options order, whose phrases are said; none when no option is', () => {
    const reason = {
      speaker: 'customer',
      choices: [
        { option: 'Billing', any_of: ['bill', 'invoice', 'facture'] },
        { option: 'Outage', any_of: ['internet is down', 'panne'] },
      ],
    };
    expect(answerFromRules({ type: 'choice', rules: reason }, english)).toEqual({
      value: 'Outage',
      evidenceTurn: 2,
    });
    // "FACTURE" in capitals, "élevée" with accents: folded alike.
    expect(answerFromRules({ type: 'choice', rules: reason }, french)).toEqual({
      value: 'Billing',
      evidenceTurn: 2,
    });
    const unrelated = { choices: [{ option: 'Moving', any_of: ['moving house', 'déménagement'] }] };
    expect(answerFromRules({ type: 'choice', rules: unrelated }, french)).toEqual({
      value: null,
      evidenceTurn: null,
    });
  });

  it('counts the turns of the speaker that say a phrase, whole words only', () => {
    const apologies = { count_of: ['sorry', 'désolé'], speaker: 'agent' };
    expect(answerFromRules({ type: 'number', rules: apologies }, english)).toEqual({
      value: 2,
      evidenceTurn: 3,
    });
    expect(answerFromRules({ type: 'number', rules: apologies }, french)).toEqual({
      value: 1,
      evidenceTurn: 3,
    });
    // "thank" is no whole word of "thanks": only the agent's "thank you" counts.
    expect(answerFromRules({ type: 'number', rules: { count_of: ['thank'] } }, english).value).toBe(1);
  });

  it('quotes the first turn that says a phrase as the free-text answer', () => {
    const complaint = { any_of: ['trop élevée', 'down again'], speaker: 'customer' };
    expect(answerFromRules({ type: 'free_text', rules: complaint }, french)).toEqual({
      value: "Ma FACTURE est trop élevée, je veux résilier l'abonnement.",
      evidenceTurn: 2,
    });
    expect(answerFromRules({ type: 'free_text', rules: complaint }, english).value).toBe(
      'My internet is down again, I want to cancel my contract.',
    );
  });

  it('gives no answer without rules or with rules of another type', () => {
    expect(answerFromRules({ type: 'yes_no', rules: null }, english)).toEqual({
      value: null,
      evidenceTurn: null,
    });
    expect(answerFromRules({ type: 'number', rules: { any_of: ['sorry'] } }, english).value).toBeNull();
  });
});
