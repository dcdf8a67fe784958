// The demo campaigns' conversation phases and custom analyses, written for what their demo conversations say
// (scripts.ts), so that a new server shows phases on the transcripts and answers on the custom analyses page from
// the first analysis of the demo conversations. Seeded with the demo conversations, not with the fixed demo data
// the API tests start from, whose figures they would change.
import { eq, sql } from 'drizzle-orm';
import type { PhaseDefinition } from '../../../contract/conversation-phases';
import type { CustomAnalysisInput } from '../../../contract/custom-analyses';
import type { Database } from '../../db/client';
import { demoCampaigns } from '../data';
import { newId } from '../../db/ids';
import { campaigns, customAnalyses } from '../../db/schema';

export const customerCarePhases: PhaseDefinition[] = [
  { name: 'Greeting', markers: ['Demo Telecom', 'welcome', 'good morning', 'hello', 'dear'] },
  { name: 'Identification', markers: ['date of birth', 'account number', 'postcode'] },
  {
    name: 'Request',
    markers: ['bill', 'charged', 'internet', 'router', 'cancel', 'ordered', 'running out of data', 'log in'],
  },
  {
    name: 'Resolution',
    markers: [
      'let me',
      'I can see',
      'let us restart',
      'I can offer',
      'you could move',
      'reset link',
      'I can help',
    ],
  },
  {
    name: 'Closing',
    markers: [
      'anything else',
      'goodbye',
      'bye for now',
      'have a lovely evening',
      'kind regards',
      'complaint',
    ],
  },
];

export const serviceClientPhases: PhaseDefinition[] = [
  { name: 'Accueil', markers: ['Demo Télécom', 'bonjour'] },
  { name: 'Identification', markers: ['date de naissance', 'numéro de client', 'code postal'] },
  {
    name: 'Demande',
    markers: [
      'facture',
      'prélevé',
      'connexion internet',
      'box',
      'résilier',
      'commandé',
      'court de données',
      'mot de passe',
    ],
  },
  {
    name: 'Résolution',
    markers: [
      'je regarde',
      'je vois',
      'redémarrons',
      'je peux vous proposer',
      'vous pouvez passer',
      'je vous ai envoyé',
      'je m’en occupe',
      'je vérifie',
    ],
  },
  {
    name: 'Clôture',
    markers: ['autre chose', 'au revoir', 'à bientôt', 'bonne soirée', 'cordialement', 'réclamation'],
  },
];

export const customerCareAnalyses: CustomAnalysisInput[] = [
  {
    name: 'Cancellation request',
    question: 'Does the customer ask to cancel their contract?',
    type: 'yes_no',
    rules: { any_of: ['cancel'], speaker: 'customer', absent: false },
  },
  {
    name: 'Reason for contact',
    question: 'Why does the customer contact us?',
    type: 'choice',
    options: ['Billing', 'Outage', 'Cancellation', 'Delivery', 'Plan or account'],
    rules: {
      speaker: 'customer',
      choices: [
        { option: 'Billing', any_of: ['bill', 'charged'] },
        { option: 'Outage', any_of: ['internet', 'router'] },
        { option: 'Cancellation', any_of: ['cancel'] },
        { option: 'Delivery', any_of: ['ordered', 'parcel'] },
        { option: 'Plan or account', any_of: ['running out of data', 'password', 'log in'] },
      ],
    },
  },
  {
    name: 'Apologies',
    question: 'How many times does the agent apologise?',
    type: 'number',
    rules: { count_of: ['sorry', 'apologise'], speaker: 'agent' },
  },
  {
    name: 'Request in the customer’s words',
    question: 'What does the customer ask for, in their own words?',
    type: 'free_text',
    rules: {
      any_of: [
        'I would like',
        'I want',
        'I was charged',
        'my internet',
        'my router',
        'I ordered',
        'I cannot',
        'I keep',
      ],
      speaker: 'customer',
    },
  },
];

export const serviceClientAnalyses: CustomAnalysisInput[] = [
  {
    name: 'Demande de résiliation',
    question: 'Le client demande-t-il à résilier son contrat ?',
    type: 'yes_no',
    rules: { any_of: ['résilier'], speaker: 'customer', absent: false },
  },
  {
    name: 'Motif de contact',
    question: 'Pourquoi le client nous contacte-t-il ?',
    type: 'choice',
    options: ['Facturation', 'Panne', 'Résiliation', 'Livraison', 'Forfait ou compte'],
    rules: {
      speaker: 'customer',
      choices: [
        { option: 'Facturation', any_of: ['facture', 'prélevé'] },
        { option: 'Panne', any_of: ['connexion internet', 'box'] },
        { option: 'Résiliation', any_of: ['résilier'] },
        { option: 'Livraison', any_of: ['commandé', 'colis'] },
        { option: 'Forfait ou compte', any_of: ['court de données', 'mot de passe'] },
      ],
    },
  },
  {
    name: 'Excuses',
    question: 'Combien de fois le conseiller s’excuse-t-il ?',
    type: 'number',
    rules: { count_of: ['désolé', 'navré', 'excuser'], speaker: 'agent' },
  },
  {
    name: 'Demande du client',
    question: 'Que demande le client, avec ses mots ?',
    type: 'free_text',
    rules: {
      any_of: [
        'je voudrais',
        'je souhaite',
        'j’ai été prélevé',
        'ma connexion',
        'ma box',
        'j’ai commandé',
        'je n’arrive',
      ],
      speaker: 'customer',
    },
  },
];

const demoAnalyses = [
  { campaignId: demoCampaigns.customerCare.id, phases: customerCarePhases, analyses: customerCareAnalyses },
  {
    campaignId: demoCampaigns.serviceClient.id,
    phases: serviceClientPhases,
    analyses: serviceClientAnalyses,
  },
];

/**
 * Gives each demo campaign its phases and custom analyses, before its demo conversations are analysed (the
 * analysis job then finds their phases and answers). A campaign that already has custom analyses keeps them.
 */
export async function seedDemoAnalyses(db: Database): Promise<void> {
  for (const { campaignId, phases, analyses } of demoAnalyses) {
    await db
      .update(campaigns)
      .set({
        settings: sql`${campaigns.settings} || ${JSON.stringify({ conversation_phases: phases })}::jsonb`,
      })
      .where(eq(campaigns.id, campaignId));
    if ((await db.$count(customAnalyses, eq(customAnalyses.campaignId, campaignId))) > 0) continue;
    await db.insert(customAnalyses).values(
      analyses.map((analysis) => ({
        id: newId(),
        campaignId,
        name: analysis.name,
        question: analysis.question,
        type: analysis.type,
        options: analysis.type === 'choice' ? analysis.options : null,
        rules: (analysis.rules ?? null) as Record<string, unknown> | null,
      })),
    );
  }
}
