// The fixed demo dataset loaded on an empty database (and reset by `npm run seed`): one organisation,
// an admin, two supervisors, four agents, two campaigns, a few conversations and notifications.
import { eq, inArray } from 'drizzle-orm';
import type { ConversationType, Language, UserPolicy } from '../../contract/enums';
import { conversationContent } from '../domain/new-conversation';
import { planDemoConversations } from './conversations/generate';
import { customerCareGrid, customerCareGridId, serviceClientGrid, serviceClientGridId } from './grids';
import { customerCareTopics, serviceClientTopics } from './topics';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import {
  campaignMembers,
  campaigns,
  conversations,
  evaluationGridVersions,
  evaluationGrids,
  notifications,
  organisations,
  users,
} from '../db/schema';

export const demoPassword = 'demo-password';
export const demoOrganisation = { id: '019a0000-0000-7000-8000-000000000001', name: 'Demo Contact Center' };

const allPermissions: UserPolicy = {
  can_view_usage: true,
  can_edit_users_access: true,
  can_create_campaign: true,
  can_view_audit_log: true,
  can_manage_security: true,
};

export const demoUsers = {
  admin: {
    id: '019a0000-0000-7000-8000-000000000101',
    email: 'admin@demo.local',
    name: 'Camille Roux',
    role: 'supervisor',
    isAdmin: true,
    policy: {},
  },
  supervisor: {
    id: '019a0000-0000-7000-8000-000000000102',
    email: 'supervisor@demo.local',
    name: 'Sophie Martin',
    role: 'supervisor',
    isAdmin: false,
    policy: allPermissions,
  },
  supervisor2: {
    id: '019a0000-0000-7000-8000-000000000103',
    email: 'supervisor2@demo.local',
    name: 'Thomas Bernard',
    role: 'supervisor',
    isAdmin: false,
    policy: {},
  },
  agent: {
    id: '019a0000-0000-7000-8000-000000000201',
    email: 'agent@demo.local',
    name: 'Lucas Petit',
    role: 'agent',
    isAdmin: false,
    policy: {},
  },
  agent2: {
    id: '019a0000-0000-7000-8000-000000000202',
    email: 'agent2@demo.local',
    name: 'Emma Durand',
    role: 'agent',
    isAdmin: false,
    policy: {},
  },
  agent3: {
    id: '019a0000-0000-7000-8000-000000000203',
    email: 'agent3@demo.local',
    name: 'Hugo Leroy',
    role: 'agent',
    isAdmin: false,
    policy: {},
  },
  agent4: {
    id: '019a0000-0000-7000-8000-000000000204',
    email: 'agent4@demo.local',
    name: 'Chloé Moreau',
    role: 'agent',
    isAdmin: false,
    policy: {},
  },
} as const satisfies Record<
  string,
  {
    id: string;
    email: string;
    name: string;
    role: 'agent' | 'supervisor';
    isAdmin: boolean;
    policy: UserPolicy;
  }
>;

/** What the demo conversations' metadata keys are called, in both languages (the campaigns' `metadata_labels`). */
const demoMetadataLabels = {
  channel: { en: 'Channel', fr: 'Canal' },
  product: { en: 'Product', fr: 'Produit' },
  customer_tier: { en: 'Customer tier', fr: 'Niveau client' },
  region: { en: 'Region', fr: 'Région' },
};

export const demoCampaigns = {
  customerCare: {
    id: '019a0000-0000-7000-8000-000000000301',
    name: 'Customer Care',
    language: 'en',
    description: 'Inbound support calls, chats and emails.',
    settings: { topics: customerCareTopics, metadata_labels: demoMetadataLabels },
  },
  serviceClient: {
    id: '019a0000-0000-7000-8000-000000000302',
    name: 'Service Client',
    language: 'fr',
    description: 'Appels et e-mails du service client francophone.',
    settings: { topics: serviceClientTopics, metadata_labels: demoMetadataLabels },
  },
} as const;

const memberships = [
  { campaignId: demoCampaigns.customerCare.id, userId: demoUsers.supervisor.id, role: 'owner' },
  { campaignId: demoCampaigns.customerCare.id, userId: demoUsers.supervisor2.id, role: 'viewer' },
  { campaignId: demoCampaigns.customerCare.id, userId: demoUsers.agent.id, role: 'viewer' },
  { campaignId: demoCampaigns.customerCare.id, userId: demoUsers.agent2.id, role: 'viewer' },
  { campaignId: demoCampaigns.serviceClient.id, userId: demoUsers.supervisor.id, role: 'owner' },
  { campaignId: demoCampaigns.serviceClient.id, userId: demoUsers.agent3.id, role: 'viewer' },
  { campaignId: demoCampaigns.serviceClient.id, userId: demoUsers.agent4.id, role: 'viewer' },
] as const;

/** The turns of a fixed demo conversation: the first generated script of its type and language. */
function scriptedContent(type: ConversationType, language: Language, agentId: string) {
  const agent = Object.values(demoUsers).find((user) => user.id === agentId) ?? demoUsers.agent;
  const plans = planDemoConversations(
    { campaignId: '', language, count: 20, agents: [agent], products: [''], regions: [''] },
    { seed: 7 },
  );
  const plan = plans.find((candidate) => candidate.input.type === type) ?? plans[0];
  if (!plan) throw new Error(`No demo script for a ${type} in ${language}`);
  const { turns, searchText } = conversationContent(plan.input, language, new Date());
  return { turns, searchText };
}

const daysAgo = (days: number, hours = 0) => new Date(Date.now() - (days * 24 + hours) * 3600 * 1000);

export async function hasDemoData(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, demoOrganisation.id));
  return row !== undefined;
}

export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: organisations.id }).from(organisations).limit(1);
  return rows.length === 0;
}

/** Deletes the demo organisation and everything in it (users, campaigns, their conversations and notifications). */
export async function removeDemoData(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const organisationUsers = tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.organisationId, demoOrganisation.id));
    await tx.delete(campaigns).where(eq(campaigns.organisationId, demoOrganisation.id));
    await tx.delete(users).where(inArray(users.id, organisationUsers));
    await tx.delete(organisations).where(eq(organisations.id, demoOrganisation.id));
  });
}

export async function seedDemoData(db: Database): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    await tx.insert(organisations).values(demoOrganisation);
    await tx.insert(users).values(
      Object.values(demoUsers).map((user) => ({
        ...user,
        organisationId: demoOrganisation.id,
        passwordHash,
        status: 'active' as const,
      })),
    );
    await tx.insert(campaigns).values(
      Object.values(demoCampaigns).map((campaign) => ({
        ...campaign,
        organisationId: demoOrganisation.id,
        createdBy: demoUsers.supervisor.id,
      })),
    );
    await tx.insert(campaignMembers).values([...memberships]);
    const grids = [
      { id: customerCareGridId, campaignId: demoCampaigns.customerCare.id, content: customerCareGrid },
      { id: serviceClientGridId, campaignId: demoCampaigns.serviceClient.id, content: serviceClientGrid },
    ];
    await tx
      .insert(evaluationGrids)
      .values(grids.map(({ id, campaignId }) => ({ id, campaignId, version: 1 })));
    await tx.insert(evaluationGridVersions).values(
      grids.map(({ id, content }) => ({
        gridId: id,
        version: 1,
        content,
        createdBy: demoUsers.supervisor.id,
      })),
    );

    const conversation = (
      campaignId: string,
      type: 'call' | 'chat' | 'email',
      agentId: string,
      startedAt: Date,
      durationSeconds: number,
      metadata: Record<string, string>,
    ) => {
      const language = campaignId === demoCampaigns.serviceClient.id ? ('fr' as const) : ('en' as const);
      return {
        id: newId(startedAt),
        campaignId,
        type,
        agentId,
        status: 'ready' as const,
        startedAt,
        durationSeconds,
        metadata,
        language,
        ...scriptedContent(type, language, agentId),
      };
    };
    const { customerCare, serviceClient } = demoCampaigns;
    const demoConversations = [
      conversation(customerCare.id, 'call', demoUsers.agent.id, daysAgo(40), 312, {
        channel: 'phone',
        region: 'North',
        product: 'Broadband',
      }),
      conversation(customerCare.id, 'chat', demoUsers.agent2.id, daysAgo(9), 540, {
        channel: 'web',
        region: 'South',
        product: 'Mobile',
      }),
      conversation(customerCare.id, 'email', demoUsers.agent.id, daysAgo(3), 0, {
        channel: 'email',
        region: 'North',
        product: 'Mobile',
      }),
      conversation(customerCare.id, 'call', demoUsers.agent2.id, daysAgo(1, 2), 185, {
        channel: 'phone',
        region: 'East',
        product: 'Broadband',
      }),
      conversation(serviceClient.id, 'call', demoUsers.agent3.id, daysAgo(2), 426, {
        channel: 'phone',
        region: 'Île-de-France',
        product: 'Mobile',
      }),
      conversation(serviceClient.id, 'chat', demoUsers.agent4.id, daysAgo(0, 1), 275, {
        channel: 'app',
        region: 'Occitanie',
        product: 'TV',
      }),
    ];
    await tx.insert(conversations).values(demoConversations);

    const [first, second, third, fourth, fifth, sixth] = demoConversations.map((row) => row.id) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const notification = (
      conversationId: string,
      createdAt: Date,
      read: boolean,
      detail:
        | { mentionedById: string; excerpt: string }
        | { alertDetail: NonNullable<typeof notifications.$inferInsert.alertDetail> },
    ) => ({
      id: newId(createdAt),
      userId: demoUsers.supervisor.id,
      type: 'mentionedById' in detail ? ('MENTIONED_IN_CONVERSATION' as const) : ('ALERT' as const),
      conversationId,
      createdAt,
      read,
      ...detail,
    });
    await tx.insert(notifications).values([
      notification(first, daysAgo(400), true, {
        mentionedById: demoUsers.supervisor2.id,
        excerpt: 'Can you check the greeting on this one? I think the AI missed it.',
      }),
      notification(second, daysAgo(9), true, {
        alertDetail: { type: 'main_score', operator: 'lt', score: 60 },
      }),
      notification(third, daysAgo(3), true, {
        alertDetail: { type: 'section_score', operator: 'lte', score: 50, section_name: 'Greeting' },
      }),
      notification(fourth, daysAgo(1, 1), false, {
        mentionedById: demoUsers.supervisor2.id,
        excerpt: 'Good example of a de-escalation for the coaching session.',
      }),
      notification(fifth, daysAgo(0, 3), false, {
        alertDetail: {
          type: 'binary_item',
          operator: 'eq',
          score: 0,
          item_name: 'Verified the customer identity',
        },
      }),
      notification(sixth, daysAgo(0, 0.5), false, {
        mentionedById: demoUsers.admin.id,
        excerpt: 'Please validate this one before the weekly review.',
      }),
    ]);
  });
}
