// The demo campaigns' evaluation grids, written for what their demo conversations say (conversations/
// scripts.ts): rules in the campaign's language that some scripts meet and others miss (the curt opening, the
// call without an identity check), one item of each type, a critical item and an additional score.
import type {
  EvaluationGridContent,
  EvaluationItem,
  EvaluationRules,
  EvaluationSection,
} from '../../contract/evaluation-grids';

/** Fixed ids, so that a reseeded demo keeps them: 019a…1nnn for the English grid, 019a…2nnn for the French. */
const demoId = (n: number) => `019a0000-0000-7000-8000-00000000${String(n).padStart(4, '0')}`;

const rules = (anyOf: string[], more: Partial<EvaluationRules> = {}): EvaluationRules => ({
  any_of: anyOf,
  speaker: 'agent',
  absent: false,
  ...more,
});

const binary = (
  id: number,
  name: string,
  description: string,
  itemRules: EvaluationRules,
  more: Partial<Pick<EvaluationItem, 'weight' | 'critical' | 'allow_na'>> = {},
): EvaluationItem => ({
  id: demoId(id),
  name,
  description,
  type: 'binary_item',
  weight: 1,
  critical: false,
  allow_na: false,
  rules: itemRules,
  ...more,
});

const section = (id: number, name: string, items: EvaluationItem[]): EvaluationSection => ({
  id: demoId(id),
  name,
  items,
});

export const customerCareGridId = demoId(1000);

export const customerCareGrid: EvaluationGridContent = {
  sections: [
    section(1001, 'Greeting and identification', [
      binary(
        1011,
        'Greets the customer',
        'The agent opens with a greeting and the company name.',
        rules(['good morning', 'hello', 'welcome', 'thank you for contacting'], { within_first_turns: 2 }),
      ),
      binary(
        1012,
        'Introduces themselves',
        'The agent gives their name at the start of the conversation.',
        rules(['my name is', 'this is'], { within_first_turns: 2 }),
      ),
      binary(
        1013,
        'Verifies the identity',
        'Before discussing an account, bill, contract or password, the agent checks who they are talking to.',
        rules(['date of birth', 'account number', 'postcode'], {
          speaker: 'any',
          na_unless_any_of: ['bill', 'invoice', 'charged', 'contract', 'password', 'cancel'],
        }),
        { weight: 2, critical: true, allow_na: true },
      ),
    ]),
    section(1002, 'Discovery', [
      binary(
        1021,
        'Looks into the case',
        'The agent checks the account, the order or the line before answering.',
        rules(['let me check', 'let me look', 'i can see', 'let us restart']),
      ),
      {
        id: demoId(1022),
        name: 'Explains the cause',
        description: 'How clearly the agent explains what happened and why.',
        type: 'multiple_levels_item',
        weight: 2,
        critical: false,
        allow_na: false,
        levels: [
          { name: 'Not explained', description: 'The customer is left guessing.', score: 0 },
          { name: 'Partly explained', score: 50 },
          { name: 'Clearly explained', description: 'Cause and consequence in plain words.', score: 100 },
        ],
      },
    ]),
    section(1003, 'Resolution', [
      {
        id: demoId(1031),
        name: 'Gives a clear outcome',
        description: 'The customer leaves knowing what was done and what happens next.',
        type: 'composed_item',
        weight: 3,
        critical: false,
        allow_na: false,
        sub_items: [
          {
            id: demoId(1032),
            name: 'States the action taken',
            description: 'A refund, a ticket, a new plan, a link sent.',
            rules: rules([
              'refunding',
              'refund',
              'i have applied',
              'i have updated',
              'open a ticket',
              'i have sent',
              'is active',
              'we will email',
            ]),
          },
          {
            id: demoId(1033),
            name: 'Gives a time frame or a reference',
            description: 'When it will happen, or the reference to quote.',
            rules: rules(['working days', 'reference', 'from today', 'next bill', 'expires after', 'within']),
          },
        ],
      },
      binary(
        1034,
        'Acknowledges a complaint',
        'When the customer is unhappy, the agent apologises or shows understanding.',
        rules(['sorry', 'apologise', 'i understand'], {
          speaker: 'any',
          na_unless_any_of: ['not acceptable', 'disappointed', 'worst service', 'ridiculous', 'terrible'],
        }),
        { allow_na: true },
      ),
    ]),
    section(1004, 'Closing', [
      binary(
        1041,
        'Offers further help',
        'The agent asks whether there is anything else before ending.',
        rules(['anything else', 'help you with'], { within_last_turns: 4 }),
      ),
      binary(
        1042,
        'Thanks and says goodbye',
        'The agent closes politely.',
        rules(
          [
            'goodbye',
            'bye',
            'thank you for calling',
            'thank you for your call',
            'kind regards',
            'lovely evening',
          ],
          {
            within_last_turns: 3,
          },
        ),
      ),
      binary(
        1043,
        'Does not blame the customer',
        'The agent never says the problem is the customer’s fault.',
        rules(['your fault', 'you should have'], { absent: true }),
      ),
    ]),
  ],
  additional_scores: [
    { id: demoId(1051), name: 'Courtesy', item_ids: [demoId(1011), demoId(1034), demoId(1042)] },
  ],
};

export const serviceClientGridId = demoId(2000);

export const serviceClientGrid: EvaluationGridContent = {
  sections: [
    section(2001, 'Accueil et identification', [
      binary(
        2011,
        'Salue le client',
        'Le conseiller ouvre par une salutation et le nom de l’entreprise.',
        rules(['bonjour', 'bienvenue', 'merci d’avoir contacté'], { within_first_turns: 2 }),
      ),
      binary(
        2012,
        'Se présente',
        'Le conseiller donne son nom en début de conversation.',
        rules(['je m’appelle', 'à votre écoute'], { within_first_turns: 2 }),
      ),
      binary(
        2013,
        'Vérifie l’identité',
        'Avant de parler d’un compte, d’une facture, d’un contrat ou d’un mot de passe, le conseiller vérifie son interlocuteur.',
        rules(['date de naissance', 'numéro de client', 'code postal'], {
          speaker: 'any',
          na_unless_any_of: ['facture', 'prélevé', 'contrat', 'mot de passe', 'résilier'],
        }),
        { weight: 2, critical: true, allow_na: true },
      ),
    ]),
    section(2002, 'Découverte', [
      binary(
        2021,
        'Examine le dossier',
        'Le conseiller consulte le compte, la commande ou la ligne avant de répondre.',
        rules(['je regarde', 'je vérifie', 'je vois', 'redémarrons']),
      ),
      {
        id: demoId(2022),
        name: 'Explique la cause',
        description: 'Avec quelle clarté le conseiller explique ce qui s’est passé et pourquoi.',
        type: 'multiple_levels_item',
        weight: 2,
        critical: false,
        allow_na: false,
        levels: [
          { name: 'Pas expliqué', description: 'Le client reste dans le flou.', score: 0 },
          { name: 'En partie expliqué', score: 50 },
          {
            name: 'Clairement expliqué',
            description: 'La cause et ses suites, en mots simples.',
            score: 100,
          },
        ],
      },
    ]),
    section(2003, 'Résolution', [
      {
        id: demoId(2031),
        name: 'Donne une issue claire',
        description: 'Le client sait ce qui a été fait et ce qui va se passer.',
        type: 'composed_item',
        weight: 3,
        critical: false,
        allow_na: false,
        sub_items: [
          {
            id: demoId(2032),
            name: 'Annonce l’action menée',
            description: 'Un remboursement, un ticket, un nouveau forfait, un lien envoyé.',
            rules: rules([
              'remboursement',
              'rembourse',
              'j’ouvre un ticket',
              'mis à jour',
              'je vous ai envoyé',
              'est actif',
              'nous vous envoyons',
              's’applique',
            ]),
          },
          {
            id: demoId(2033),
            name: 'Donne un délai ou une référence',
            description: 'Quand cela se fera, ou la référence à rappeler.',
            rules: rules([
              'jours ouvrés',
              'référence',
              'dès aujourd’hui',
              'prochaine facture',
              'expire',
              'dans l’heure',
            ]),
          },
        ],
      },
      binary(
        2034,
        'Prend en compte une réclamation',
        'Quand le client est mécontent, le conseiller s’excuse ou montre sa compréhension.',
        rules(['désolé', 'navré', 'excuser', 'je comprends'], {
          speaker: 'any',
          na_unless_any_of: ['pas acceptable', 'déçu', 'pire service', 'inadmissible', 'mauvaise surprise'],
        }),
        { allow_na: true },
      ),
    ]),
    section(2004, 'Conclusion', [
      binary(
        2041,
        'Propose une aide supplémentaire',
        'Le conseiller demande s’il peut aider pour autre chose avant de conclure.',
        rules(['autre chose'], { within_last_turns: 4 }),
      ),
      binary(
        2042,
        'Remercie et prend congé',
        'Le conseiller conclut poliment.',
        rules(
          [
            'au revoir',
            'à bientôt',
            'merci d’avoir appelé',
            'merci pour votre appel',
            'cordialement',
            'bonne soirée',
          ],
          {
            within_last_turns: 3,
          },
        ),
      ),
      binary(
        2043,
        'Ne rejette pas la faute sur le client',
        'Le conseiller ne dit jamais que le problème vient du client.',
        rules(['votre faute', 'vous auriez dû'], { absent: true }),
      ),
    ]),
  ],
  additional_scores: [
    { id: demoId(2051), name: 'Courtoisie', item_ids: [demoId(2011), demoId(2034), demoId(2042)] },
  ],
};
