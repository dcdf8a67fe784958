// Generates the demo conversations as the API receives them (`POST /campaigns/{id}/conversations` bodies):
// calls given as text, chats and emails, in English and French, spread over the last three months across the demo
// agents, with channel, product, customer tier and region metadata. The same seed gives the same conversations.
import type { NewConversation } from '../../../contract/conversation-ingestion';
import type { Speaker } from '../../../contract/conversations';
import type { Language } from '../../../contract/enums';
import { demoCustomers, demoScripts, type Line } from './scripts';

export interface DemoConversationPlan {
  campaignId: string;
  input: NewConversation;
  /** The lines, with speakers, of a call (for making its audio). */
  lines: readonly (readonly [Speaker, string])[];
}

export interface DemoCampaignPlan {
  campaignId: string;
  language: Language;
  count: number;
  agents: readonly { id: string; name: string }[];
  products: readonly string[];
  regions: readonly string[];
}

/** A small seeded pseudo-random generator (mulberry32): the demo is the same on every machine. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const daySeconds = 24 * 3600;
const customerTiers = ['Standard', 'Gold', 'Platinum'] as const;

/** About two words and a half a second, as people speak on the phone. */
const spokenSeconds = (text: string) => Math.ceil(text.split(/\s+/).length / 2.5);

export function planDemoConversations(
  campaign: DemoCampaignPlan,
  { now = Math.floor(Date.now() / 1000), seed = 1 }: { now?: number; seed?: number } = {},
): DemoConversationPlan[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const scripts = demoScripts[campaign.language];

  return Array.from({ length: campaign.count }, (_, index) => {
    const agent = pick(campaign.agents);
    const scenario = pick(scripts.scenarios);
    const slots: Record<string, string> = {
      agent: agent.name.split(' ')[0] ?? agent.name,
      customer: pick(demoCustomers[campaign.language]),
      amount: String(20 + Math.floor(random() * 180)),
      days: String(2 + Math.floor(random() * 12)),
      reference: `${100000 + Math.floor(random() * 899999)}`,
    };
    const fill = (text: string) => text.replace(/\{(\w+)\}/g, (slot, name: string) => slots[name] ?? slot);
    const lines: Line[] = [
      ...pick(scripts.openings),
      ...pick(scripts.identityChecks),
      ...scenario.lines,
      ...pick(scripts.closings[scenario.mood]),
    ].map(([speaker, text]) => [speaker, fill(text)] as const);

    // Spread over the last 90 days, during opening hours (8:00 to 19:00 UTC).
    const day = Math.floor(random() * 90);
    const startedAt =
      now - day * daySeconds - (now % daySeconds) + (8 * 3600 + Math.floor(random() * 11 * 3600));
    const roll = random();
    const type = roll < 0.45 ? 'call' : roll < 0.8 ? 'chat' : 'email';
    const common = {
      agent_id: agent.id,
      language: campaign.language,
      started_at: Math.min(startedAt, now - 600),
      external_id: `demo-${campaign.language}-${String(index + 1).padStart(4, '0')}`,
      metadata: {
        channel: type === 'call' ? 'phone' : type === 'email' ? 'email' : pick(['web', 'app']),
        product: pick(campaign.products),
        customer_tier: pick(customerTiers),
        region: pick(campaign.regions),
      },
    };

    if (type === 'call') {
      const labels =
        campaign.language === 'fr'
          ? { agent: 'Agent', customer: 'Client' }
          : { agent: 'Agent', customer: 'Customer' };
      const input: NewConversation = {
        type: 'call',
        ...common,
        duration_s: lines.reduce((seconds, [, text]) => seconds + spokenSeconds(text) + 1, 0),
        input_text: lines.map(([speaker, text]) => `${labels[speaker]}: ${text}`).join('\n'),
      };
      return { campaignId: campaign.campaignId, input, lines };
    }

    if (type === 'chat') {
      let sentAt = common.started_at;
      const messages = lines.map(([speaker, text]) => {
        sentAt += 10 + Math.floor(random() * 80);
        return { speaker, text, sent_at: Math.min(sentAt, now) };
      });
      return { campaignId: campaign.campaignId, input: { type: 'chat', ...common, messages }, lines };
    }

    // An email thread on the scenario alone: the customer writes, the agent answers, sometimes twice each.
    const textsOf = (speaker: Speaker) =>
      scenario.lines.filter(([lineSpeaker]) => lineSpeaker === speaker).map(([, text]) => fill(text));
    const exchanges = random() < 0.5 ? 1 : 2;
    const share = (texts: string[], exchange: number) => {
      const size = Math.ceil(texts.length / exchanges);
      return texts.slice(exchange * size, (exchange + 1) * size);
    };
    const written = (speaker: Speaker, texts: string[]) =>
      [fill(scripts.emailGreeting[speaker]), ...texts, fill(scripts.emailSignOff[speaker])].join('\n\n');
    let sentAt = common.started_at;
    const emails = Array.from({ length: exchanges }, (_, exchange) => {
      const customerSentAt = (sentAt += exchange === 0 ? 0 : 3600 + Math.floor(random() * 20 * 3600));
      const agentSentAt = (sentAt += 1800 + Math.floor(random() * 20 * 3600));
      return [
        {
          speaker: 'customer' as const,
          subject: exchange === 0 ? scenario.subject : `Re: ${scenario.subject}`,
          body: written('customer', share(textsOf('customer'), exchange)),
          sent_at: Math.min(customerSentAt, now),
        },
        {
          speaker: 'agent' as const,
          subject: `Re: ${scenario.subject}`,
          body: written('agent', share(textsOf('agent'), exchange)),
          sent_at: Math.min(agentSentAt, now),
        },
      ];
    }).flat();
    return { campaignId: campaign.campaignId, input: { type: 'email', ...common, emails }, lines };
  });
}
