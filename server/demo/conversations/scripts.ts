// What the demo conversations say: customer-service scenarios in English and French, each a few exchanges between
// the agent and the customer with slots ({customer}, {agent}, {amount}, {days}, {reference}) the generator fills.
// Openings and closings vary on purpose (a greeting or not, a thank-you or not, an identity check or not), so that
// sentiment, topics and, later, evaluations have something to tell apart.
import type { Language } from '../../../contract/enums';
import type { Speaker } from '../../../contract/conversations';

export type Line = readonly [Speaker, string];

export interface Scenario {
  /** The topic a supervisor would file it under; also the email subject's start. */
  subject: string;
  /** The middle of the conversation, after the opening and before the closing. */
  lines: readonly Line[];
  /** Whether the customer leaves satisfied: picks the closing. */
  mood: 'positive' | 'negative' | 'neutral';
}

export interface LanguageScripts {
  openings: readonly (readonly Line[])[];
  identityChecks: readonly (readonly Line[])[];
  closings: Record<Scenario['mood'], readonly (readonly Line[])[]>;
  scenarios: readonly Scenario[];
  /** Emails open and close in writing, not as on the phone: a greeting, the scenario's lines, a sign-off. */
  emailGreeting: { agent: string; customer: string };
  emailSignOff: { agent: string; customer: string };
}

const english: LanguageScripts = {
  openings: [
    [
      [
        'agent',
        'Good morning, thank you for calling Demo Telecom, my name is {agent}. How can I help you today?',
      ],
      ['customer', 'Hello, my name is {customer}.'],
    ],
    [
      ['agent', 'Hello and welcome to Demo Telecom customer care, this is {agent} speaking.'],
      ['customer', 'Hi {agent}, it is {customer} here.'],
    ],
    [
      ['agent', 'Demo Telecom, go ahead.'],
      ['customer', 'Hi, this is {customer}.'],
    ],
  ],
  identityChecks: [
    [
      ['agent', 'Before we start, could you confirm your date of birth and the postcode on the account?'],
      ['customer', 'Sure, it is the fourth of March 1985, and the postcode is NE1 4ST.'],
      ['agent', 'Thank you, your identity is verified.'],
    ],
    [
      ['agent', 'Can I have your account number, please?'],
      ['customer', 'Yes, it is {reference}.'],
    ],
    [],
  ],
  closings: {
    positive: [
      [
        ['customer', 'That is brilliant, thank you so much for your help.'],
        ['agent', 'You are welcome {customer}. Is there anything else I can help you with today?'],
        ['customer', 'No, that is all. Have a great day.'],
        ['agent', 'Thank you for calling Demo Telecom, goodbye.'],
      ],
      [
        ['customer', 'Perfect, that solves it. Thanks a lot.'],
        ['agent', 'Glad I could help. Have a lovely evening.'],
      ],
    ],
    negative: [
      [
        ['customer', 'This is not acceptable. I am really disappointed and I will think about leaving.'],
        ['agent', 'I understand your frustration and I am sorry. I have noted your complaint.'],
        ['customer', 'Fine. Goodbye.'],
      ],
      [
        ['customer', 'I have been waiting for weeks, this is the worst service I have ever had.'],
        ['agent', 'I apologise for the inconvenience.'],
      ],
    ],
    neutral: [
      [
        ['customer', 'Okay, I will wait for the email then.'],
        ['agent', 'You will receive it within the hour. Is there anything else?'],
        ['customer', 'No, that is it.'],
        ['agent', 'Thank you for your call, goodbye.'],
      ],
      [
        ['customer', 'Right, I will check and call back if needed.'],
        ['agent', 'Of course. Bye for now.'],
      ],
    ],
  },
  scenarios: [
    {
      subject: 'Billing question',
      mood: 'negative',
      lines: [
        [
          'customer',
          'My last bill is {amount} pounds, which is much higher than usual. I do not understand why.',
        ],
        ['agent', 'Let me look at your invoice. I can see roaming charges from your trip last month.'],
        ['customer', 'Nobody told me roaming was not included. That is a terrible surprise.'],
        [
          'agent',
          'I am sorry about that. The roaming option is described in your contract, but I can explain it.',
        ],
      ],
    },
    {
      subject: 'Billing question',
      mood: 'positive',
      lines: [
        ['customer', 'I was charged twice this month, {amount} pounds each time.'],
        ['agent', 'You are right, I can see the duplicate payment. I am refunding it now.'],
        ['customer', 'Great, when will I get the money back?'],
        ['agent', 'The refund will reach your account within {days} working days.'],
      ],
    },
    {
      subject: 'Broadband outage',
      mood: 'negative',
      lines: [
        ['customer', 'My internet has been down for {days} days and I work from home.'],
        ['agent', 'I am sorry to hear that. I can see an outage in your area; engineers are working on it.'],
        ['customer', 'That is what I was told yesterday. When will it be fixed?'],
        ['agent', 'I do not have a precise time yet, but I will open a ticket, reference {reference}.'],
      ],
    },
    {
      subject: 'Broadband outage',
      mood: 'positive',
      lines: [
        ['customer', 'My router keeps disconnecting every few minutes.'],
        ['agent', 'Let us restart it together. Please unplug it for thirty seconds and plug it back in.'],
        ['customer', 'Done. The lights are green now and the connection seems stable.'],
        [
          'agent',
          'Excellent. I have also updated its firmware remotely, which should prevent it happening again.',
        ],
      ],
    },
    {
      subject: 'Cancellation request',
      mood: 'neutral',
      lines: [
        ['customer', 'I would like to cancel my contract, I am moving abroad.'],
        [
          'agent',
          'I can help with that. Your contract ends in {days} days, so there is no early termination fee.',
        ],
        ['customer', 'Good. Do I need to send the equipment back?'],
        ['agent', 'Yes, we will email you a prepaid return label with reference {reference}.'],
      ],
    },
    {
      subject: 'Cancellation request',
      mood: 'positive',
      lines: [
        ['customer', 'I want to cancel, I found a cheaper offer elsewhere.'],
        ['agent', 'I understand. Before you go, I can offer you the same plan for {amount} pounds a month.'],
        ['customer', 'Really? That is better than the other offer. I will stay then.'],
        ['agent', 'Wonderful, I have applied the new price from your next bill.'],
      ],
    },
    {
      subject: 'Delivery delay',
      mood: 'negative',
      lines: [
        ['customer', 'I ordered a new phone {days} days ago and it still has not arrived.'],
        ['agent', 'Let me check the tracking. The parcel is delayed at the depot.'],
        ['customer', 'This is ridiculous, I paid for express delivery.'],
        ['agent', 'I understand. I will refund the delivery fee of {amount} pounds.'],
      ],
    },
    {
      subject: 'Plan upgrade',
      mood: 'positive',
      lines: [
        ['customer', 'I keep running out of data, what are my options?'],
        ['agent', 'You could move to the unlimited plan for {amount} pounds a month, with 5G included.'],
        ['customer', 'That sounds good, please upgrade me.'],
        ['agent', 'Done, the unlimited plan is active from today.'],
      ],
    },
    {
      subject: 'Password reset',
      mood: 'neutral',
      lines: [
        ['customer', 'I cannot log in to my online account, I forgot my password.'],
        ['agent', 'I have sent a reset link to the email address on file.'],
        ['customer', 'Got it. The link works, I am setting a new password now.'],
        ['agent', 'Perfect. Remember the link expires after {days} hours.'],
      ],
    },
  ],
  emailGreeting: { agent: 'Dear {customer},\n\nThank you for contacting Demo Telecom.', customer: 'Hello,' },
  emailSignOff: {
    agent: 'Kind regards,\n{agent}\nDemo Telecom customer care',
    customer: 'Regards,\n{customer}',
  },
};

const french: LanguageScripts = {
  openings: [
    [
      ['agent', 'Bonjour, Demo Télécom, {agent} à votre écoute. Que puis-je faire pour vous ?'],
      ['customer', 'Bonjour, je suis {customer}.'],
    ],
    [
      ['agent', 'Service client Demo Télécom, bonjour, je m’appelle {agent}.'],
      ['customer', 'Bonjour {agent}, ici {customer}.'],
    ],
    [
      ['agent', 'Demo Télécom, j’écoute.'],
      ['customer', 'Oui bonjour, {customer} à l’appareil.'],
    ],
  ],
  identityChecks: [
    [
      ['agent', 'Pour commencer, pouvez-vous me confirmer votre date de naissance et votre code postal ?'],
      ['customer', 'Oui, le 12 juin 1979, et le code postal est 69003.'],
      ['agent', 'Merci, votre identité est vérifiée.'],
    ],
    [
      ['agent', 'Puis-je avoir votre numéro de client, s’il vous plaît ?'],
      ['customer', 'Bien sûr, c’est le {reference}.'],
    ],
    [],
  ],
  closings: {
    positive: [
      [
        ['customer', 'Parfait, merci beaucoup pour votre aide.'],
        ['agent', 'Je vous en prie. Puis-je vous aider pour autre chose ?'],
        ['customer', 'Non, ce sera tout. Bonne journée.'],
        ['agent', 'Merci d’avoir appelé Demo Télécom, au revoir.'],
      ],
      [
        ['customer', 'Super, c’est réglé. Merci !'],
        ['agent', 'Avec plaisir, très bonne soirée.'],
      ],
    ],
    negative: [
      [
        ['customer', 'Ce n’est pas acceptable. Je suis très déçu et je vais réfléchir à résilier.'],
        ['agent', 'Je comprends votre mécontentement et j’en suis désolé. J’ai noté votre réclamation.'],
        ['customer', 'Bon. Au revoir.'],
      ],
      [
        ['customer', 'J’attends depuis des semaines, c’est vraiment le pire service que j’ai connu.'],
        ['agent', 'Je vous prie de nous excuser pour la gêne occasionnée.'],
      ],
    ],
    neutral: [
      [
        ['customer', 'D’accord, j’attends l’e-mail alors.'],
        ['agent', 'Vous le recevrez dans l’heure. Autre chose ?'],
        ['customer', 'Non, c’est tout.'],
        ['agent', 'Merci pour votre appel, au revoir.'],
      ],
      [
        ['customer', 'Bon, je vais vérifier et je rappellerai si besoin.'],
        ['agent', 'Bien sûr. À bientôt.'],
      ],
    ],
  },
  scenarios: [
    {
      subject: 'Question de facturation',
      mood: 'negative',
      lines: [
        ['customer', 'Ma dernière facture est de {amount} euros, c’est beaucoup plus que d’habitude.'],
        [
          'agent',
          'Je regarde votre facture. Je vois des frais d’itinérance liés à votre voyage du mois dernier.',
        ],
        [
          'customer',
          'Personne ne m’a dit que l’étranger n’était pas inclus. C’est une très mauvaise surprise.',
        ],
        ['agent', 'Je suis désolé. L’option est décrite dans votre contrat, mais je peux vous l’expliquer.'],
      ],
    },
    {
      subject: 'Question de facturation',
      mood: 'positive',
      lines: [
        ['customer', 'J’ai été prélevé deux fois ce mois-ci, {amount} euros à chaque fois.'],
        [
          'agent',
          'Vous avez raison, je vois le double prélèvement. Je lance le remboursement tout de suite.',
        ],
        ['customer', 'Très bien, quand serai-je remboursé ?'],
        ['agent', 'Le remboursement arrivera sous {days} jours ouvrés.'],
      ],
    },
    {
      subject: 'Panne internet',
      mood: 'negative',
      lines: [
        ['customer', 'Ma connexion internet est coupée depuis {days} jours et je suis en télétravail.'],
        ['agent', 'Je suis navré. Je vois un incident dans votre secteur, les techniciens sont sur place.'],
        ['customer', 'On m’a déjà dit ça hier. Quand est-ce que ce sera réparé ?'],
        ['agent', 'Je n’ai pas encore d’heure précise, mais j’ouvre un ticket, référence {reference}.'],
      ],
    },
    {
      subject: 'Panne internet',
      mood: 'positive',
      lines: [
        ['customer', 'Ma box se déconnecte toutes les cinq minutes.'],
        ['agent', 'Redémarrons-la ensemble. Débranchez-la trente secondes puis rebranchez-la.'],
        ['customer', 'C’est fait. Les voyants sont verts et la connexion a l’air stable.'],
        [
          'agent',
          'Excellent. J’ai aussi mis à jour son logiciel à distance pour éviter que cela se reproduise.',
        ],
      ],
    },
    {
      subject: 'Demande de résiliation',
      mood: 'neutral',
      lines: [
        ['customer', 'Je voudrais résilier mon contrat, je déménage à l’étranger.'],
        [
          'agent',
          'Je m’en occupe. Votre engagement se termine dans {days} jours, il n’y a donc pas de frais.',
        ],
        ['customer', 'Très bien. Dois-je renvoyer le matériel ?'],
        ['agent', 'Oui, nous vous envoyons une étiquette de retour prépayée, référence {reference}.'],
      ],
    },
    {
      subject: 'Demande de résiliation',
      mood: 'positive',
      lines: [
        ['customer', 'Je souhaite résilier, j’ai trouvé une offre moins chère ailleurs.'],
        ['agent', 'Je comprends. Avant cela, je peux vous proposer la même offre à {amount} euros par mois.'],
        ['customer', 'Vraiment ? C’est mieux que l’autre offre. Je reste alors.'],
        ['agent', 'Parfait, le nouveau tarif s’applique dès votre prochaine facture.'],
      ],
    },
    {
      subject: 'Retard de livraison',
      mood: 'negative',
      lines: [
        ['customer', 'J’ai commandé un téléphone il y a {days} jours et je ne l’ai toujours pas reçu.'],
        ['agent', 'Je vérifie le suivi. Le colis est bloqué au dépôt.'],
        ['customer', 'C’est inadmissible, j’ai payé la livraison express.'],
        ['agent', 'Je comprends. Je vous rembourse les frais de livraison de {amount} euros.'],
      ],
    },
    {
      subject: 'Changement de forfait',
      mood: 'positive',
      lines: [
        ['customer', 'Je suis toujours à court de données, quelles sont mes options ?'],
        ['agent', 'Vous pouvez passer au forfait illimité à {amount} euros par mois, 5G incluse.'],
        ['customer', 'Ça me va, je prends.'],
        ['agent', 'C’est fait, le forfait illimité est actif dès aujourd’hui.'],
      ],
    },
    {
      subject: 'Mot de passe oublié',
      mood: 'neutral',
      lines: [
        ['customer', 'Je n’arrive plus à me connecter à mon espace client, j’ai oublié mon mot de passe.'],
        ['agent', 'Je vous ai envoyé un lien de réinitialisation à votre adresse e-mail.'],
        ['customer', 'Je l’ai reçu, je choisis un nouveau mot de passe.'],
        ['agent', 'Parfait. Le lien expire au bout de {days} heures.'],
      ],
    },
  ],
  emailGreeting: {
    agent: 'Bonjour {customer},\n\nMerci d’avoir contacté Demo Télécom.',
    customer: 'Bonjour,',
  },
  emailSignOff: {
    agent: 'Cordialement,\n{agent}\nService client Demo Télécom',
    customer: 'Cordialement,\n{customer}',
  },
};

export const demoScripts: Record<Language, LanguageScripts> = { en: english, fr: french };

/** Customers' names for the slots, per language. */
export const demoCustomers: Record<Language, readonly string[]> = {
  en: [
    'Oliver Smith',
    'Amelia Jones',
    'Jack Taylor',
    'Isla Brown',
    'Harry Wilson',
    'Ava Davies',
    'Noah Evans',
  ],
  fr: ['Jeanne Dubois', 'Louis Lambert', 'Manon Girard', 'Arthur Bonnet', 'Léa Fontaine', 'Jules Mercier'],
};
