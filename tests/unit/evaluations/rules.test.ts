// The local rules engine: phrases found as whole words whatever the case, accents and punctuation, in English and
// French; the window then the speaker; absent rules; `na` conditions; items the rules cannot answer.
import { describe, expect, it } from 'vitest';
import type { GridItem, ItemRules, SubItem } from '../../../server/domain/evaluation/grid';
import { answersOf, compileGrid, evaluateByRules } from '../../../server/domain/evaluation/rules-engine';
import type { RuleInputTurn } from '../../../server/domain/evaluation/turns';

const agent = (text: string): RuleInputTurn => ({ speaker: 'agent', text });
const customer = (text: string): RuleInputTurn => ({ speaker: 'customer', text });

function rules(anyOf: string[], extra: Partial<ItemRules> = {}): ItemRules {
  return { any_of: anyOf, speaker: 'any', absent: false, ...extra };
}

function binary(id: string, itemRules?: ItemRules, allowNa = false): GridItem {
  return {
    id,
    name: id,
    description: '',
    type: 'binary_item',
    weight: 1,
    critical: false,
    allow_na: allowNa,
    rules: itemRules,
  };
}

function evaluate(items: GridItem[], turns: RuleInputTurn[]) {
  const grid = compileGrid({ sections: [{ id: 's', name: 'S', items }], additional_scores: [] });
  return evaluateByRules(grid, turns);
}

/** The answer the rules give to one binary item. */
function answer(itemRules: ItemRules, turns: RuleInputTurn[], allowNa = false) {
  return answersOf(evaluate([binary('item', itemRules, allowNa)], turns)).get('item');
}

describe('phrase matching', () => {
  it('ignores case and accents, in the text and in the phrase (é = e)', () => {
    expect(answer(rules(['thank you']), [agent('THANK You for calling')])).toBe('yes');
    expect(answer(rules(['reclamation']), [customer('Je fais une RÉCLAMATION')])).toBe('yes');
    expect(answer(rules(['réclamation']), [customer('je fais une reclamation')])).toBe('yes');
    expect(answer(rules(['ça']), [customer('Ca marche')])).toBe('yes');
    expect(answer(rules(['thank you']), [agent('thanks, bye')])).toBe('no');
  });

  it('reads any run of punctuation, apostrophes, hyphens and spaces as one space', () => {
    expect(answer(rules(['merci au revoir']), [agent('Merci, au revoir !')])).toBe('yes');
    expect(answer(rules(['merci, au revoir']), [agent('merci   au\nrevoir')])).toBe('yes');
    expect(answer(rules(["l'appel"]), [agent('Merci pour l’appel')])).toBe('yes');
    expect(answer(rules(['l appel']), [agent("Merci pour l'appel")])).toBe('yes');
    expect(answer(rules(['appel']), [agent("Merci pour l'appel")])).toBe('yes');
    expect(answer(rules(['e-mail']), [agent('I sent an e mail')])).toBe('yes');
    expect(answer(rules(['rendez vous']), [agent('Votre rendez-vous est confirmé')])).toBe('yes');
    expect(answer(rules(["don't worry"]), [agent('Don’t worry!')])).toBe('yes');
    // A hyphen separates words like a space does, so the joined spelling is another word (unlike topics).
    expect(answer(rules(['email']), [agent('I sent an e-mail')])).toBe('no');
  });

  it('matches whole words only', () => {
    expect(answer(rules(['thank']), [agent('Happy Thanksgiving')])).toBe('no');
    expect(answer(rules(['merci']), [agent('Monsieur Mercier')])).toBe('no');
    expect(answer(rules(['merci']), [agent('Remercier le client')])).toBe('no');
    expect(answer(rules(['appel']), [agent('Je vous rappelle')])).toBe('no');
    expect(answer(rules(['thank']), [agent('thank-you')])).toBe('yes');
    expect(answer(rules(['merci']), [agent('(merci)')])).toBe('yes');
  });

  it('ignores a phrase with no letter or digit, which would match any turn', () => {
    expect(answer(rules(['?!', '  ']), [agent('Anything?!')])).toBe('no');
  });

  it('reads an email as its subject, a newline, then its body', () => {
    const email = { speaker: 'agent' as const, subject: 'Your refund', text: 'It is done.' };
    expect(answer(rules(['your refund']), [email])).toBe('yes');
    expect(answer(rules(['it is done']), [email])).toBe('yes');
    // The newline between them is a run of non-letters like any other.
    expect(answer(rules(['refund it is done']), [email])).toBe('yes');
    expect(answer(rules(['your refund']), [{ ...email, subject: null }])).toBe('no');
  });
});

describe('turns read by a rule', () => {
  const call = [
    agent('Bonjour, service client'),
    customer('Bonjour, ma facture est fausse'),
    agent('Je regarde votre facture'),
    customer('Merci beaucoup'),
    agent('Bonne journée, au revoir'),
  ];

  it('keeps only the speaker asked for, or both with any', () => {
    expect(answer(rules(['facture'], { speaker: 'customer' }), call)).toBe('yes');
    expect(answer(rules(['merci'], { speaker: 'agent' }), call)).toBe('no');
    expect(answer(rules(['merci'], { speaker: 'customer' }), call)).toBe('yes');
    expect(answer(rules(['merci'], { speaker: 'any' }), call)).toBe('yes');
  });

  it('reads only the first or the last N turns, numbered across both speakers', () => {
    expect(answer(rules(['bonjour'], { within_first_turns: 1 }), call)).toBe('yes');
    expect(answer(rules(['facture'], { within_first_turns: 1 }), call)).toBe('no');
    expect(answer(rules(['facture'], { within_first_turns: 2 }), call)).toBe('yes');
    expect(answer(rules(['au revoir'], { within_last_turns: 1 }), call)).toBe('yes');
    expect(answer(rules(['merci'], { within_last_turns: 1 }), call)).toBe('no');
    expect(answer(rules(['merci'], { within_last_turns: 2 }), call)).toBe('yes');
    expect(answer(rules(['bonjour'], { within_last_turns: 10 }), call)).toBe('yes');
  });

  it('applies the window before the speaker', () => {
    // The agent's first turn is turn 1, but the first two turns hold only one of the agent's turns.
    expect(answer(rules(['je regarde'], { speaker: 'agent', within_first_turns: 2 }), call)).toBe('no');
    expect(answer(rules(['je regarde'], { speaker: 'agent', within_first_turns: 3 }), call)).toBe('yes');
    // The last two turns are the customer's thanks and the agent's goodbye: the agent's "facture" is outside.
    expect(answer(rules(['facture'], { speaker: 'agent', within_last_turns: 2 }), call)).toBe('no');
    expect(answer(rules(['merci'], { speaker: 'agent', within_last_turns: 2 }), call)).toBe('no');
  });

  it('reads only the turns both windows keep when both are given', () => {
    expect(answer(rules(['facture'], { within_first_turns: 3, within_last_turns: 3 }), call)).toBe('yes');
    expect(answer(rules(['bonjour'], { within_first_turns: 3, within_last_turns: 3 }), call)).toBe('no');
  });
});

describe('absent rules', () => {
  const chat = [customer('Where is my parcel?'), agent('Calm down, it is coming'), agent('Anything else?')];

  it('are met when no phrase occurs in the kept turns, with no evidence', () => {
    const [result] = evaluate([binary('item', rules(['shut up', 'whatever'], { absent: true }))], chat);
    expect(result).toMatchObject({ value: 'yes', reason: 'absent', evidence: [] });
  });

  it('fail when one occurs, with the turns that hold it as evidence', () => {
    const [result] = evaluate(
      [binary('item', rules(['calm down'], { absent: true, speaker: 'agent' }))],
      chat,
    );
    expect(result).toMatchObject({
      value: 'no',
      reason: 'present',
      evidence: [{ turn: 2, text: 'Calm down, it is coming', phrase: 'calm down' }],
    });
  });

  it('read only their window and speaker', () => {
    expect(answer(rules(['calm down'], { absent: true, speaker: 'customer' }), chat)).toBe('yes');
    expect(answer(rules(['calm down'], { absent: true, within_last_turns: 1 }), chat)).toBe('yes');
  });
});

describe('na_unless_any_of', () => {
  const refundRule = rules(['refund within', 'remboursement sous'], {
    speaker: 'agent',
    na_unless_any_of: ['refund', 'remboursement'],
  });

  it('answers na when none of its phrases occurs in the kept turns', () => {
    const turns = [customer('Where is my parcel?'), agent('It ships tomorrow')];
    const [result] = evaluate([binary('item', refundRule, true)], turns);
    expect(result).toMatchObject({ value: 'na', reason: 'na_condition_not_found', evidence: [] });
  });

  it('reads the same speaker and window: the customer asking is not enough when the rule reads the agent', () => {
    expect(answer(refundRule, [customer('I want a refund'), agent('Let me check')], true)).toBe('na');
  });

  it('lets any_of decide once one occurs', () => {
    expect(answer(refundRule, [agent('A refund? Sure, refund within 5 days')], true)).toBe('yes');
    expect(answer(refundRule, [agent('Pas de remboursement possible')], true)).toBe('no');
    expect(answer(refundRule, [agent('Remboursement sous 5 jours')], true)).toBe('yes');
  });

  it('is ignored on an item that does not allow na', () => {
    expect(answer(refundRule, [agent('It ships tomorrow')], false)).toBe('no');
  });
});

describe('evidence', () => {
  it('is every kept turn where a phrase occurs, with its number, the phrase, and its times for calls', () => {
    const turns: RuleInputTurn[] = [
      { speaker: 'agent', text: 'Hello, thank you for calling', start_s: 0, end_s: 2.5 },
      { speaker: 'customer', text: 'Hi', start_s: 2.5, end_s: 3 },
      { speaker: 'agent', text: 'Merci, goodbye', start_s: 3, end_s: 4 },
    ];
    const [result] = evaluate([binary('item', rules(['thank you', 'merci']))], turns);
    expect(result).toEqual({
      item_id: 'item',
      status: 'evaluated',
      type: 'binary_item',
      value: 'yes',
      reason: 'found',
      evidence: [
        { turn: 1, text: 'Hello, thank you for calling', phrase: 'thank you', start: 0, end: 2.5 },
        { turn: 3, text: 'Merci, goodbye', phrase: 'merci', start: 3, end: 4 },
      ],
    });
  });

  it('has no times for chats and no evidence for an item not met', () => {
    const [met, notMet] = evaluate(
      [binary('met', rules(['bonjour'])), binary('notMet', rules(['au revoir']))],
      [agent('Bonjour')],
    );
    expect(met).toMatchObject({ evidence: [{ turn: 1, text: 'Bonjour', phrase: 'bonjour' }] });
    expect(met?.status === 'evaluated' && met.evidence[0]).not.toHaveProperty('start');
    expect(notMet).toMatchObject({ value: 'no', reason: 'not_found', evidence: [] });
  });
});

describe('items the rules cannot answer', () => {
  const subItem = (id: string, subRules?: ItemRules): SubItem => ({
    id,
    name: id,
    type: 'binary_item',
    allow_na: false,
    rules: subRules,
  });
  const composed = (subItems: SubItem[]): GridItem => ({
    ...binary('composed'),
    type: 'composed_item',
    sub_items: subItems,
  });
  const levels: GridItem = {
    ...binary('levels', rules(['hello'])),
    type: 'multiple_levels_item',
    levels: [
      { name: 'Poor', score: 0 },
      { name: 'Good', score: 100 },
    ],
  };

  it('leaves an item without rules and a multiple-levels item not evaluated, never guessed', () => {
    const results = evaluate([binary('noRules'), levels], [agent('hello')]);
    expect(results).toEqual([
      { item_id: 'noRules', status: 'not_evaluated', reason: 'no_rules' },
      { item_id: 'levels', status: 'not_evaluated', reason: 'levels_item' },
    ]);
    expect(answersOf(results).size).toBe(0);
  });

  it('answers each sub-item of a composed item by its own rules', () => {
    const item = composed([subItem('greets', rules(['bonjour'])), subItem('names', rules(['je m appelle']))]);
    const [result] = evaluate([item], [agent('Bonjour !'), agent('Au revoir')]);
    expect(result).toMatchObject({
      status: 'evaluated',
      type: 'composed_item',
      value: { greets: 'yes', names: 'no' },
      sub_items: [
        { sub_item_id: 'greets', value: 'yes', reason: 'found' },
        { sub_item_id: 'names', value: 'no', reason: 'not_found' },
      ],
      evidence: [{ turn: 1, phrase: 'bonjour' }],
    });
  });

  it('leaves a composed item not evaluated when one of its sub-items has no rules', () => {
    const item = composed([subItem('greets', rules(['bonjour'])), subItem('tone')]);
    expect(evaluate([item], [agent('Bonjour')])).toEqual([
      { item_id: 'composed', status: 'not_evaluated', reason: 'sub_item_without_rules' },
    ]);
  });

  it('answers every item of every section, in grid order, from one compiled grid', () => {
    const grid = compileGrid({
      sections: [
        { id: 'a', name: 'A', items: [binary('one', rules(['hello']))] },
        { id: 'b', name: 'B', items: [binary('two', rules(['bye'])), binary('three')] },
      ],
      additional_scores: [],
    });
    expect([...answersOf(evaluateByRules(grid, [agent('hello')]))]).toEqual([
      ['one', 'yes'],
      ['two', 'no'],
    ]);
    expect([...answersOf(evaluateByRules(grid, [agent('bye')]))]).toEqual([
      ['one', 'no'],
      ['two', 'yes'],
    ]);
  });
});
