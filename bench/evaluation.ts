// Measures the evaluation feature: the local rules engine's throughput on one core (goal ≥ 1,000
// conversations/s), on generated English and French chats of about 40 turns against a grid of 15 items with
// rules per language (binary, absent, windows, speakers, `na` conditions, a composed item), rules alone and rules
// then scoring; then the time to evaluate 10,000 of the English chats through the job queue on PGlite with the
// demo grid (./evaluation-queue.ts). Prints figures and the load average; asserts nothing. Numbers are noisy on a
// shared machine.
// Run: npx tsx bench/evaluation.ts [conversations per language] [conversations through the queue]
import { loadavg } from 'node:os';
import { measureEvaluationQueue } from './evaluation-queue';
import type { Grid, GridItem, ItemRules } from '../server/domain/evaluation/grid';
import {
  answersOf,
  compileGrid,
  evaluateByRules,
  type CompiledGrid,
} from '../server/domain/evaluation/rules-engine';
import { scoreEvaluation } from '../server/domain/evaluation/scoring';
import type { RuleInputTurn } from '../server/domain/evaluation/turns';

const conversationsPerLanguage = Number(process.argv[2] ?? 20_000);
const conversationsThroughQueue = Number(process.argv[3] ?? 10_000);
const turnsPerConversation = 40;

/** A small deterministic generator (mulberry32), so every run reads the same conversations. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Language {
  opening: string[];
  agent: string[];
  customer: string[];
  closing: string[];
  /** Phrases per item, in the grid's order. */
  phrases: { any: string[]; na?: string[] }[];
}

const english: Language = {
  opening: ['Hello, thank you for contacting Acme support, my name is Sam. How can I help you today?'],
  agent: [
    'I understand your frustration, let me check your account right away.',
    'Could you confirm your order number and the e-mail address you used, please?',
    'I can see the parcel left our warehouse on Monday; it should arrive within two days.',
    "I'm sorry for the inconvenience. I've opened a ticket with the carrier.",
    'Your refund will be processed within 5 business days to the original payment method.',
    'Is there anything else I can help you with today?',
    'Let me put you on hold for a moment while I check with my colleague.',
    'Thanks for waiting. The invoice was indeed charged twice; I have cancelled the second payment.',
  ],
  customer: [
    "Hi, I ordered a jacket two weeks ago and it still hasn't arrived.",
    'The order number is 48213-B, and I paid by card.',
    "That's really annoying, I needed it for the weekend!",
    'OK, so when exactly will I get my money back?',
    'I was charged twice on my last invoice, can you look into it?',
    "Fine. Whatever, I'll wait then.",
    'Yes, my e-mail is the one on the account.',
    'Thanks, that helps a lot.',
  ],
  closing: ['Thank you for your call, have a great day! Goodbye.', 'Thanks, bye.'],
  phrases: [
    { any: ['thank you for contacting', 'thanks for contacting', 'welcome to'] },
    { any: ['my name is', "i'm", 'this is'] },
    { any: ['how can i help', 'how may i help', 'what can i do for you'] },
    { any: ['order number', 'account number', 'e-mail address'] },
    { any: ['i understand', "i'm sorry", 'i apologise', 'i apologize'] },
    { any: ['put you on hold', 'on hold'], na: ['hold'] },
    { any: ['thanks for waiting', 'thank you for waiting', 'thank you for holding'], na: ['hold', 'moment'] },
    {
      any: ['within 5 business days', 'within two days', 'refund will be processed'],
      na: ['refund', 'money back'],
    },
    { any: ['ticket', 'reference number'] },
    { any: ['whatever', 'calm down', 'not my problem', 'stupid'] },
    { any: ['anything else i can help', 'anything else'] },
    { any: ['have a great day', 'have a nice day'] },
    { any: ['goodbye', 'bye'] },
    { any: ['invoice', 'charged twice', 'payment'] },
    { any: ['colleague', 'supervisor', 'manager'] },
  ],
};

const french: Language = {
  opening: [
    "Bonjour, merci d'avoir contacté le service client d'Acme, je m'appelle Léa. Que puis-je faire pour vous ?",
  ],
  agent: [
    'Je comprends votre mécontentement, je vérifie votre dossier tout de suite.',
    "Pourriez-vous me confirmer votre numéro de commande et l'adresse e-mail utilisée ?",
    "Je vois que le colis a quitté l'entrepôt lundi ; il devrait arriver sous deux jours.",
    "Je suis désolée pour la gêne occasionnée. J'ai ouvert une réclamation auprès du transporteur.",
    'Votre remboursement sera effectué sous 5 jours ouvrés sur votre moyen de paiement.',
    "Puis-je vous aider pour autre chose aujourd'hui ?",
    'Je vous mets en attente un instant, le temps de vérifier avec mon collègue.',
    'Merci de votre patience. La facture a bien été débitée deux fois ; le second paiement est annulé.',
  ],
  customer: [
    "Bonjour, j'ai commandé une veste il y a deux semaines et je ne l'ai toujours pas reçue.",
    "Le numéro de commande est 48213-B, j'ai payé par carte.",
    "C'est vraiment pénible, j'en avais besoin pour le week-end !",
    'Bon, et quand est-ce que je serai remboursé exactement ?',
    "On m'a débité deux fois sur ma dernière facture, vous pouvez regarder ?",
    "Bref, n'importe quoi, j'attendrai.",
    "Oui, c'est l'e-mail du compte.",
    'Merci, ça m’aide beaucoup.',
  ],
  closing: ['Merci pour votre appel, excellente journée ! Au revoir.', 'Merci, au revoir.'],
  phrases: [
    { any: ["merci d'avoir contacté", 'bienvenue chez'] },
    { any: ["je m'appelle", 'je suis', "c'est"] },
    { any: ['que puis-je faire', 'comment puis-je vous aider', 'en quoi puis-je'] },
    { any: ['numéro de commande', 'numéro de client', 'adresse e-mail'] },
    { any: ['je comprends', 'je suis désolée', 'je suis désolé', 'toutes mes excuses'] },
    { any: ['en attente', 'patienter'], na: ['attente'] },
    { any: ['merci de votre patience', "merci d'avoir patienté"], na: ['attente', 'instant'] },
    {
      any: ['sous 5 jours ouvrés', 'sous deux jours', 'remboursement sera effectué'],
      na: ['rembours', 'remboursement', 'remboursé'],
    },
    { any: ['réclamation', 'numéro de dossier'] },
    { any: ["n'importe quoi", 'calmez-vous', 'pas mon problème'] },
    { any: ['autre chose', 'puis-je vous aider pour autre chose'] },
    { any: ['excellente journée', 'bonne journée'] },
    { any: ['au revoir'] },
    { any: ['facture', 'débité deux fois', 'paiement'] },
    { any: ['collègue', 'responsable', 'superviseur'] },
  ],
};

/** How each item reads the turns: speaker, window, absent. */
const itemShapes: Omit<ItemRules, 'any_of' | 'na_unless_any_of'>[] = [
  { speaker: 'agent', within_first_turns: 2, absent: false },
  { speaker: 'agent', within_first_turns: 3, absent: false },
  { speaker: 'agent', within_first_turns: 4, absent: false },
  { speaker: 'agent', absent: false },
  { speaker: 'agent', absent: false },
  { speaker: 'agent', absent: false },
  { speaker: 'agent', absent: false },
  { speaker: 'agent', absent: false },
  { speaker: 'agent', absent: false },
  { speaker: 'agent', absent: true },
  { speaker: 'agent', within_last_turns: 4, absent: false },
  { speaker: 'agent', within_last_turns: 2, absent: false },
  { speaker: 'any', within_last_turns: 2, absent: false },
  { speaker: 'customer', absent: false },
  { speaker: 'any', absent: false },
];

function gridFor(language: Language): Grid {
  const rulesOf = (index: number): ItemRules => {
    const { any, na } = language.phrases[index] ?? { any: [] };
    return { ...itemShapes[index]!, any_of: any, ...(na ? { na_unless_any_of: na } : {}) };
  };
  const item = (index: number, extra: Partial<GridItem> = {}): GridItem => ({
    id: `item-${index}`,
    name: `Item ${index}`,
    description: '',
    type: 'binary_item',
    weight: 1 + (index % 3),
    critical: index === 9,
    allow_na: index >= 5 && index <= 7,
    rules: rulesOf(index),
    ...extra,
  });
  const closing: GridItem = {
    ...item(11),
    type: 'composed_item',
    rules: undefined,
    sub_items: [11, 12].map((index) => ({
      id: `sub-${index}`,
      name: `Sub ${index}`,
      type: 'binary_item',
      allow_na: false,
      rules: rulesOf(index),
    })),
  };
  return {
    sections: [
      { id: 'opening', name: 'Opening', items: [0, 1, 2, 3].map((index) => item(index)) },
      { id: 'handling', name: 'Handling', items: [4, 5, 6, 7, 8, 9, 13, 14].map((index) => item(index)) },
      { id: 'closing', name: 'Closing', items: [item(10), closing] },
    ],
    additional_scores: [
      { id: 'courtesy', name: 'Courtesy', item_ids: ['item-0', 'item-4', 'item-9', 'item-10'] },
    ],
  };
}

function conversationsIn(language: Language, count: number, seed: number): RuleInputTurn[][] {
  const random = randomFrom(seed);
  const pick = (lines: readonly string[]) => lines[Math.floor(random() * lines.length)] ?? '';
  return Array.from({ length: count }, () => {
    const turns: RuleInputTurn[] = [{ speaker: 'agent', text: pick(language.opening) }];
    while (turns.length < turnsPerConversation - 1) {
      const speaker = random() < 0.5 ? 'agent' : 'customer';
      turns.push({ speaker, text: pick(speaker === 'agent' ? language.agent : language.customer) });
    }
    turns.push({ speaker: 'agent', text: pick(language.closing) });
    return turns;
  });
}

/** How often the rules answered yes, no and na, and left an item unevaluated: the conversations vary. */
function answerCounts(grid: CompiledGrid, conversations: RuleInputTurn[][]): string {
  const counts = new Map<string, number>();
  for (const turns of conversations) {
    for (const result of evaluateByRules(grid, turns)) {
      const values =
        result.status === 'evaluated'
          ? [result.value].flatMap((value) => (typeof value === 'object' ? Object.values(value) : [value]))
          : ['not evaluated'];
      for (const value of values) counts.set(String(value), (counts.get(String(value)) ?? 0) + 1);
    }
  }
  return [...counts].map(([value, count]) => `${value} ${count.toLocaleString('en')}`).join(', ');
}

function measure(
  label: string,
  conversations: RuleInputTurn[][],
  evaluate: (turns: RuleInputTurn[]) => unknown,
) {
  for (const turns of conversations.slice(0, 2000)) evaluate(turns);
  const started = process.hrtime.bigint();
  for (const turns of conversations) evaluate(turns);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`${label}: ${Math.round(conversations.length / seconds).toLocaleString('en')} conversations/s`);
}

const languages = [
  { name: 'English', language: english, seed: 1 },
  { name: 'French', language: french, seed: 2 },
];
console.log(
  `${conversationsPerLanguage.toLocaleString('en')} conversations of ${turnsPerConversation} turns per language, ` +
    `15 items with rules, one core`,
);
for (const { name, language, seed } of languages) {
  const grid = gridFor(language);
  const compiled = compileGrid(grid);
  const conversations = conversationsIn(language, conversationsPerLanguage, seed);
  console.log(`${name} answers: ${answerCounts(compiled, conversations)}`);
  measure(`${name} rules`, conversations, (turns) => evaluateByRules(compiled, turns));
  measure(`${name} rules then scores`, conversations, (turns) =>
    scoreEvaluation(grid, answersOf(evaluateByRules(compiled, turns))),
  );
}
await measureEvaluationQueue(conversationsIn(english, conversationsThroughQueue, 3));
console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')} (1, 5, 15 min)`,
);
