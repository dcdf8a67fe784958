// The access rules for campaigns, memberships, organisations, conversations, mentions and account status,
// without a database.
import { describe, expect, it } from 'vitest';
import type { CampaignPolicy } from '../../contract/campaigns';
import {
  assertCanGrantMembership,
  assertCanHoldCampaignRole,
  assertCanListCampaignMembers,
  assertKeepsAnOwner,
  normaliseMembership,
} from '../../server/domain/access/campaign-members';
import {
  assertCampaignPermission,
  assertCanCreateCampaign,
  assertCanDeleteCampaign,
  assertCanDuplicateCampaign,
  assertCanReadCampaign,
  campaignListScope,
  canCreateCampaign,
  canReadCampaign,
  effectiveCampaignPolicy,
  hasCampaignPermission,
  type CampaignMembership,
} from '../../server/domain/access/campaigns';
import {
  agentScope,
  assertCanReadConversation,
  assertMentionable,
  canReadConversation,
  canSeeAgentWork,
  mentionableMembers,
} from '../../server/domain/access/conversations';
import {
  assertCanInviteInto,
  assertCanManageOrganisation,
  assertCanReadOrganisation,
  assertCanViewUsage,
} from '../../server/domain/access/organisations';
import { assertCanChangeUserStatus, assertCanReadUserCampaigns } from '../../server/domain/access/users';
import { Conflict, Forbidden, NotFound, Unprocessable } from '../../server/errors';
import type { Principal } from '../../server/domain/access/principal';
import { organisationId, otherOrganisationId, principal, userRecord } from '../fixtures/principals';

const admin = userRecord('admin', { isAdmin: true, organisationId: null });
const supervisor = userRecord('supervisor');
const agent = userRecord('agent', { role: 'agent' });

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
    expect(canReadCampaign(userRecord('orphan', { organisationId: null }), campaign, true)).toBe(false);
  });

  it('lets no one without an active account read anything', () => {
    expect(canReadCampaign(userRecord('gone', { status: 'disabled' }), campaign, true)).toBe(false);
    expect(canReadCampaign(userRecord('new', { status: 'invited' }), campaign, true)).toBe(false);
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
    const outsider = userRecord('outsider');
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

describe('mentionableMembers', () => {
  it('keeps the members who read the conversation: not other agents, not inactive or foreign users', () => {
    const colleague = userRecord('colleague', { role: 'agent' });
    const disabled = userRecord('disabled', { status: 'disabled' });
    const foreign = userRecord('foreign', { organisationId: otherOrganisationId });
    expect(
      mentionableMembers([supervisor, agent, colleague, disabled, foreign, admin], agentsConversation),
    ).toEqual([supervisor, agent, admin]);
    expect(mentionableMembers([supervisor, agent, colleague], colleaguesConversation)).toEqual([
      supervisor,
      colleague,
    ]);
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

const ownerOf = { role: 'owner', policy: {} } as const;
const viewerOf = { role: 'viewer', policy: {} } as const;
const editorWith = (policy: CampaignPolicy) => ({ role: 'editor', policy }) as const;
const fullEditor = editorWith({ can_edit_settings: true, can_manage_users: true });
const otherCampaign = { organisationId: otherOrganisationId };

describe('hasCampaignPermission and effectiveCampaignPolicy', () => {
  it.each([
    { who: 'an admin, not a member', reader: admin, membership: null, expected: true },
    { who: 'an owner without any user permission', reader: supervisor, membership: ownerOf, expected: true },
    { who: 'an editor with the flag', reader: supervisor, membership: fullEditor, expected: true },
    { who: 'an editor without the flag', reader: supervisor, membership: editorWith({}), expected: false },
    {
      who: 'an editor with the flag set to false',
      reader: supervisor,
      membership: editorWith({ can_edit_settings: false }),
      expected: false,
    },
    {
      who: 'a viewer, even with flags stored',
      reader: supervisor,
      membership: { role: 'viewer', policy: { can_edit_settings: true } } as const,
      expected: false,
    },
    { who: 'a non-member with every user permission', reader: supervisor, membership: null, expected: false },
  ])('answers $expected for $who', ({ reader, membership, expected }) => {
    expect(hasCampaignPermission(reader, membership, 'can_edit_settings')).toBe(expected);
  });

  it('lists every campaign permission with whether it is held', () => {
    expect(effectiveCampaignPolicy(supervisor, editorWith({ can_manage_users: true }))).toEqual({
      can_edit_settings: false,
      can_manage_users: true,
    });
    expect(effectiveCampaignPolicy(admin, null)).toEqual({ can_edit_settings: true, can_manage_users: true });
  });

  it('keeps a policy for editors only', () => {
    expect(normaliseMembership('owner', { can_edit_settings: true })).toEqual({ role: 'owner', policy: {} });
    expect(normaliseMembership('editor', { can_manage_users: true })).toEqual({
      role: 'editor',
      policy: { can_manage_users: true },
    });
  });
});

describe('campaign assertions: 404 outside the organisation, 403 inside', () => {
  it('lets members and admins read, refuses others by organisation', () => {
    expect(() => assertCanReadCampaign(principal(agent), campaign, viewerOf)).not.toThrow();
    expect(() => assertCanReadCampaign(principal(admin), otherCampaign, null)).not.toThrow();
    expect(() => assertCanReadCampaign(principal(supervisor), campaign, null)).toThrow(Forbidden);
    expect(() => assertCanReadCampaign(principal(supervisor), otherCampaign, null)).toThrow(NotFound);
  });

  it('treats an admin logged in as another user as that user', () => {
    const actingAdmin: Principal = { user: supervisor, actorId: admin.id };
    expect(() => assertCanReadCampaign(actingAdmin, otherCampaign, null)).toThrow(NotFound);
    expect(() => assertCampaignPermission(actingAdmin, campaign, viewerOf, 'can_edit_settings')).toThrow(
      Forbidden,
    );
  });

  it('asks the campaign role, not the user permissions, for campaign permissions', () => {
    expect(() =>
      assertCampaignPermission(principal(supervisor), campaign, fullEditor, 'can_manage_users'),
    ).not.toThrow();
    expect(() =>
      assertCampaignPermission(principal(supervisor), campaign, viewerOf, 'can_manage_users'),
    ).toThrow(Forbidden);
    expect(() =>
      assertCampaignPermission(principal(supervisor), otherCampaign, ownerOf, 'can_manage_users'),
    ).toThrow(NotFound);
  });

  it('lets owners and admins delete, nobody else', () => {
    expect(() => assertCanDeleteCampaign(principal(supervisor), campaign, ownerOf)).not.toThrow();
    expect(() => assertCanDeleteCampaign(principal(admin), otherCampaign, null)).not.toThrow();
    expect(() => assertCanDeleteCampaign(principal(supervisor), campaign, fullEditor)).toThrow(Forbidden);
  });

  it('lets admins and supervisors with can_create_campaign create and duplicate what they read', () => {
    const creator = userRecord('creator', { policy: { can_create_campaign: true } });
    expect(canCreateCampaign(admin)).toBe(true);
    expect(canCreateCampaign(creator)).toBe(true);
    expect(canCreateCampaign(supervisor)).toBe(false);
    expect(canCreateCampaign({ ...agent, policy: { can_create_campaign: true } })).toBe(false);
    expect(() => assertCanCreateCampaign(principal(supervisor))).toThrow(Forbidden);
    expect(() => assertCanDuplicateCampaign(principal(creator), campaign, viewerOf)).not.toThrow();
    expect(() => assertCanDuplicateCampaign(principal(creator), campaign, null)).toThrow(Forbidden);
    expect(() => assertCanDuplicateCampaign(principal(supervisor), campaign, ownerOf)).toThrow(Forbidden);
  });

  it('shows the member list to readers who are not agents', () => {
    expect(() => assertCanListCampaignMembers(principal(supervisor), campaign, viewerOf)).not.toThrow();
    expect(() => assertCanListCampaignMembers(principal(agent), campaign, viewerOf)).toThrow(Forbidden);
  });

  it('scopes lists: admins all, others their memberships in their organisation, orphans nothing', () => {
    expect(campaignListScope(admin)).toEqual({ kind: 'all' });
    expect(campaignListScope(agent)).toEqual({ kind: 'memberships', userId: agent.id, organisationId });
    expect(campaignListScope(userRecord('orphan', { organisationId: null }))).toEqual({ kind: 'none' });
    expect(campaignListScope({ ...admin, status: 'disabled' })).toEqual({ kind: 'none' });
  });
});

describe('membership changes', () => {
  const add = (after: CampaignMembership) => ({ before: null, after });

  it('leaves the owner role to owners and admins', () => {
    const editor = principal(supervisor);
    expect(() => assertCanGrantMembership(editor, fullEditor, add(ownerOf))).toThrow(Forbidden);
    expect(() => assertCanGrantMembership(editor, fullEditor, { before: ownerOf, after: viewerOf })).toThrow(
      Forbidden,
    );
    expect(() => assertCanGrantMembership(editor, fullEditor, { before: ownerOf, after: null })).toThrow(
      Forbidden,
    );
    expect(() => assertCanGrantMembership(editor, ownerOf, add(ownerOf))).not.toThrow();
    expect(() => assertCanGrantMembership(principal(admin), null, add(ownerOf))).not.toThrow();
  });

  it('lets an editor grant only the flags they hold', () => {
    const manager = editorWith({ can_manage_users: true });
    const grant = (policy: CampaignPolicy) => () =>
      assertCanGrantMembership(principal(supervisor), manager, add(editorWith(policy)));
    expect(grant({ can_manage_users: true })).not.toThrow();
    expect(grant({ can_edit_settings: false })).not.toThrow();
    expect(grant({ can_edit_settings: true })).toThrow('You cannot grant permissions you do not hold');
  });

  it('keeps an owner in a campaign that has one', () => {
    expect(() => assertKeepsAnOwner(1, { before: ownerOf, after: null })).toThrow(Conflict);
    expect(() => assertKeepsAnOwner(1, { before: ownerOf, after: fullEditor })).toThrow(Conflict);
    expect(() => assertKeepsAnOwner(1, { before: ownerOf, after: ownerOf })).not.toThrow();
    expect(() => assertKeepsAnOwner(2, { before: ownerOf, after: null })).not.toThrow();
    expect(() => assertKeepsAnOwner(0, { before: viewerOf, after: null })).not.toThrow();
  });

  it('takes members from the campaign organisation only, agents as viewers, nobody disabled', () => {
    const joining = { joining: true };
    expect(() => assertCanHoldCampaignRole(agent, campaign, 'viewer', joining)).not.toThrow();
    expect(() => assertCanHoldCampaignRole(agent, campaign, 'editor', joining)).toThrow(Unprocessable);
    expect(() => assertCanHoldCampaignRole(supervisor, otherCampaign, 'viewer', joining)).toThrow(NotFound);
    const gone = { ...supervisor, status: 'disabled' as const };
    expect(() => assertCanHoldCampaignRole(gone, campaign, 'viewer', joining)).toThrow(Unprocessable);
    expect(() => assertCanHoldCampaignRole(gone, campaign, 'viewer', { joining: false })).not.toThrow();
    expect(() =>
      assertCanHoldCampaignRole({ ...supervisor, status: 'invited' }, campaign, 'owner', joining),
    ).not.toThrow();
  });
});

describe('organisations and user access', () => {
  const accessEditor = userRecord('access-editor', { policy: { can_edit_users_access: true } });

  it('shows an organisation to admins and its supervisors', () => {
    expect(() => assertCanReadOrganisation(principal(admin), otherOrganisationId)).not.toThrow();
    expect(() => assertCanReadOrganisation(principal(supervisor), organisationId)).not.toThrow();
    expect(() => assertCanReadOrganisation(principal(agent), organisationId)).toThrow(Forbidden);
    expect(() => assertCanReadOrganisation(principal(supervisor), otherOrganisationId)).toThrow(NotFound);
  });

  it('leaves managing an organisation to admins', () => {
    expect(() => assertCanManageOrganisation(principal(admin), otherOrganisationId)).not.toThrow();
    expect(() => assertCanManageOrganisation(principal(supervisor), organisationId)).toThrow(Forbidden);
    expect(() => assertCanManageOrganisation(principal(supervisor), otherOrganisationId)).toThrow(NotFound);
  });

  it('lets admins invite anywhere, supervisors with can_edit_users_access into their organisation', () => {
    expect(() => assertCanInviteInto(principal(admin), otherOrganisationId)).not.toThrow();
    expect(() => assertCanInviteInto(principal(accessEditor), organisationId)).not.toThrow();
    expect(() => assertCanInviteInto(principal(accessEditor), otherOrganisationId)).toThrow(NotFound);
    expect(() => assertCanInviteInto(principal(supervisor), organisationId)).toThrow(Forbidden);
    const agentWithFlag = { ...agent, policy: { can_edit_users_access: true } };
    expect(() => assertCanInviteInto(principal(agentWithFlag), organisationId)).toThrow(Forbidden);
  });

  it("shows an organisation's usage to admins and to its supervisors with can_view_usage", () => {
    const usageViewer = userRecord('usage-viewer', { policy: { can_view_usage: true } });
    expect(() => assertCanViewUsage(principal(admin), otherOrganisationId)).not.toThrow();
    expect(() => assertCanViewUsage(principal(usageViewer), organisationId)).not.toThrow();
    expect(() => assertCanViewUsage(principal(usageViewer), otherOrganisationId)).toThrow(NotFound);
    expect(() => assertCanViewUsage(principal(supervisor), organisationId)).toThrow(Forbidden);
    const agentWithFlag = { ...agent, policy: { can_view_usage: true } };
    expect(() => assertCanViewUsage(principal(agentWithFlag), organisationId)).toThrow(Forbidden);
  });

  it("shows a user's campaign roles to admins, the user, and supervisors who edit access", () => {
    expect(() => assertCanReadUserCampaigns(principal(agent), agent)).not.toThrow();
    expect(() => assertCanReadUserCampaigns(principal(accessEditor), agent)).not.toThrow();
    expect(() => assertCanReadUserCampaigns(principal(admin), agent)).not.toThrow();
    expect(() => assertCanReadUserCampaigns(principal(supervisor), agent)).toThrow(Forbidden);
    const outsider = userRecord('outsider', { organisationId: otherOrganisationId });
    expect(() => assertCanReadUserCampaigns(principal(accessEditor), outsider)).toThrow(NotFound);
  });
});
