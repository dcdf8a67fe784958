// The access rules for campaigns, conversations, mentions and account status, without a database.
import { describe, expect, it } from 'vitest';
import {
  agentScope,
  assertCanChangeUserStatus,
  assertCanReadConversation,
  assertMentionable,
  canReadCampaign,
  canReadConversation,
  canSeeAgentWork,
  type Principal,
  type UserRecord,
} from '../../server/domain/access';
import { Conflict, Forbidden, NotFound, Unprocessable } from '../../server/errors';

const organisationId = '019a0000-0000-7000-8000-000000000001';
const otherOrganisationId = '019a0000-0000-7000-8000-000000000002';

function user(id: string, overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id,
    organisationId,
    email: `${id}@example.test`,
    name: id,
    isAdmin: false,
    role: 'supervisor',
    policy: {},
    language: null,
    passwordHash: null,
    status: 'active',
    createdAt: new Date(0),
    ...overrides,
  };
}

const admin = user('admin', { isAdmin: true, organisationId: null });
const supervisor = user('supervisor');
const agent = user('agent', { role: 'agent' });
const principal = (record: UserRecord): Principal => ({ user: record, actorId: null });

const campaign = { organisationId };
const agentsConversation = { organisationId, agentId: agent.id };
const colleaguesConversation = { organisationId, agentId: 'colleague' };

describe('canReadCampaign', () => {
  it('lets admins read every campaign, members or not, in any organisation', () => {
    expect(canReadCampaign(admin, campaign, false)).toBe(true);
    expect(canReadCampaign(admin, { organisationId: otherOrganisationId }, false)).toBe(true);
  });

  it('lets others read the campaigns of their organisation they are members of, in any role', () => {
    expect(canReadCampaign(supervisor, campaign, true)).toBe(true);
    expect(canReadCampaign(agent, campaign, true)).toBe(true);
    expect(canReadCampaign(supervisor, campaign, false)).toBe(false);
    expect(canReadCampaign(supervisor, { organisationId: otherOrganisationId }, true)).toBe(false);
    expect(canReadCampaign(user('orphan', { organisationId: null }), campaign, true)).toBe(false);
  });

  it('lets no one without an active account read anything', () => {
    expect(canReadCampaign(user('gone', { status: 'disabled' }), campaign, true)).toBe(false);
    expect(canReadCampaign(user('new', { status: 'invited' }), campaign, true)).toBe(false);
    expect(canReadCampaign({ ...admin, status: 'disabled' }, campaign, true)).toBe(false);
  });
});

describe('agentScope and canSeeAgentWork', () => {
  it("limits agents to their own work and lets everyone else see every agent's", () => {
    expect(agentScope(agent)).toBe(agent.id);
    expect(agentScope(supervisor)).toBeNull();
    expect(agentScope({ ...agent, isAdmin: true })).toBeNull();
    expect(canSeeAgentWork(agent, agent.id)).toBe(true);
    expect(canSeeAgentWork(agent, 'colleague')).toBe(false);
    expect(canSeeAgentWork(agent, null)).toBe(false);
    expect(canSeeAgentWork(supervisor, 'colleague')).toBe(true);
    expect(canSeeAgentWork(supervisor, null)).toBe(true);
  });
});

describe('canReadConversation', () => {
  it.each([
    { who: 'an admin, not a member', reader: admin, conversation: colleaguesConversation, member: false },
    { who: 'a member supervisor', reader: supervisor, conversation: colleaguesConversation, member: true },
    { who: 'a member agent, on their own', reader: agent, conversation: agentsConversation, member: true },
  ])('lets $who read it', ({ reader, conversation, member }) => {
    expect(canReadConversation(reader, conversation, member)).toBe(true);
  });

  it.each([
    { who: 'a supervisor who is not a member', reader: supervisor, conversation: colleaguesConversation },
    { who: 'an agent who is not a member, on their own', reader: agent, conversation: agentsConversation },
  ])('refuses $who', ({ reader, conversation }) => {
    expect(canReadConversation(reader, conversation, false)).toBe(false);
  });

  it("refuses a member agent another agent's conversation, or one without an agent", () => {
    expect(canReadConversation(agent, colleaguesConversation, true)).toBe(false);
    expect(canReadConversation(agent, { organisationId, agentId: null }, true)).toBe(false);
  });

  it('answers NotFound, as for an unknown id, when the principal may not read it', () => {
    expect(() => assertCanReadConversation(principal(agent), colleaguesConversation, true)).toThrow(NotFound);
    expect(() => assertCanReadConversation(principal(agent), agentsConversation, true)).not.toThrow();
  });
});

describe('assertMentionable', () => {
  const members = new Set([supervisor.id, agent.id]);

  it('accepts users who can read the conversation, and no mention at all', () => {
    expect(() => assertMentionable([], [], agentsConversation, members)).not.toThrow();
    expect(() =>
      assertMentionable(
        [supervisor.id, agent.id, admin.id],
        [supervisor, agent, admin],
        agentsConversation,
        members,
      ),
    ).not.toThrow();
  });

  it('refuses with 422 naming every mentioned id that is no reader, unknown ids included', () => {
    const outsider = user('outsider');
    const mention = () =>
      assertMentionable(
        [supervisor.id, agent.id, outsider.id, 'unknown'],
        [supervisor, agent, outsider],
        colleaguesConversation,
        members,
      );
    expect(mention).toThrow(Unprocessable);
    expect(mention).toThrow('These mentioned users cannot read this conversation: agent, outsider, unknown');
  });
});

describe('assertCanChangeUserStatus', () => {
  it('lets an admin change the status of an account that accepted its invitation', () => {
    expect(() => assertCanChangeUserStatus(principal(admin), agent)).not.toThrow();
    expect(() => assertCanChangeUserStatus(principal(admin), { ...agent, status: 'disabled' })).not.toThrow();
  });

  it('refuses anyone but an admin, even an admin acting as another user', () => {
    expect(() => assertCanChangeUserStatus(principal(supervisor), agent)).toThrow(Forbidden);
    expect(() => assertCanChangeUserStatus(principal(supervisor), supervisor)).toThrow(Forbidden);
    expect(() => assertCanChangeUserStatus({ user: supervisor, actorId: admin.id }, agent)).toThrow(
      Forbidden,
    );
  });

  it('refuses an admin their own account and accounts still invited, as conflicts', () => {
    expect(() => assertCanChangeUserStatus(principal(admin), admin)).toThrow(Conflict);
    expect(() => assertCanChangeUserStatus(principal(admin), { ...agent, status: 'invited' })).toThrow(
      Conflict,
    );
  });
});
