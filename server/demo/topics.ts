// The demo campaigns' topics, written for what their demo conversations say (conversations/scripts.ts), so
// the list shows topics from the first start and a supervisor sees how keywords and `*` prefixes read.
import type { TopicDefinition } from '../../contract/campaigns';

export const customerCareTopics: TopicDefinition[] = [
  { name: 'Billing', keywords: ['bill', 'invoice', 'charged', 'roaming', 'duplicate payment'] },
  { name: 'Refund', keywords: ['refund*'] },
  { name: 'Broadband outage', keywords: ['outage', 'internet', 'router', 'disconnect*'] },
  { name: 'Cancellation', keywords: ['cancel', 'cancellation', 'termination fee', 'return label'] },
  { name: 'Delivery', keywords: ['delivery', 'parcel', 'tracking'] },
  { name: 'Plan upgrade', keywords: ['upgrade', 'unlimited plan', 'running out of data'] },
  { name: 'Account access', keywords: ['password', 'log in', 'reset link'] },
  {
    name: 'Complaint',
    keywords: ['complaint', 'not acceptable', 'disappointed', 'worst service', 'ridiculous', 'terrible'],
  },
];

export const serviceClientTopics: TopicDefinition[] = [
  { name: 'Facturation', keywords: ['facture', 'facturation', 'prélev*', 'itinérance'] },
  { name: 'Remboursement', keywords: ['rembours*'] },
  { name: 'Panne internet', keywords: ['panne', 'connexion internet', 'box', 'incident'] },
  {
    name: 'Résiliation',
    keywords: ['résiliation', 'résilier mon contrat', 'souhaite résilier', 'étiquette de retour'],
  },
  { name: 'Livraison', keywords: ['livraison', 'colis', 'suivi'] },
  {
    name: 'Changement de forfait',
    keywords: ['forfait illimité', 'court de données', 'changement de forfait'],
  },
  { name: 'Accès au compte', keywords: ['mot de passe', 'espace client', 'réinitialisation'] },
  {
    name: 'Réclamation',
    keywords: ['réclamation', 'pas acceptable', 'déçu', 'pire service', 'inadmissible', 'mauvaise surprise'],
  },
];
