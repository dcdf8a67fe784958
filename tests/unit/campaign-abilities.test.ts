// What the campaign screens offer (spec §6): admins and owners everything, editors per their policy, viewers
// nothing (not even uploads or alerts); agents never see the member list; duplicating needs can_create_campaign.
import { describe, expect, it } from 'vitest';
import type { MyCampaignRole } from '../../contract/campaigns';
import { campaignAbilities, hasSettings } from '../../src/views/pages/campaigns/campaign-abilities';
import { currentUser } from '../fixtures/current-user';

const membership = (role: MyCampaignRole['role'], policy: MyCampaignRole['policy'] = {}): MyCampaignRole => ({
  role,
  policy,
  admin: false,
});

describe('campaignAbilities', () => {
  it('gives admins everything, members or not', () => {
    expect(campaignAbilities(currentUser({ admin: true }), membership(null))).toEqual({
      contribute: true,
      editSettings: true,
      seeMembers: true,
      manageMembers: true,
      duplicate: true,
      delete: true,
    });
  });

  it('gives owners everything but duplication, which needs can_create_campaign', () => {
    expect(campaignAbilities(currentUser(), membership('owner'))).toMatchObject({
      editSettings: true,
      manageMembers: true,
      delete: true,
      duplicate: false,
    });
    expect(
      campaignAbilities(currentUser({ policy: { can_create_campaign: true } }), membership('owner'))
        .duplicate,
    ).toBe(true);
  });

  it('gives editors what their policy grants, never deletion', () => {
    const settingsOnly = campaignAbilities(currentUser(), membership('editor', { can_edit_settings: true }));
    expect(settingsOnly).toMatchObject({ editSettings: true, manageMembers: false, delete: false });
    const usersOnly = campaignAbilities(currentUser(), membership('editor', { can_manage_users: true }));
    expect(usersOnly).toMatchObject({ editSettings: false, manageMembers: true, delete: false });
    expect(campaignAbilities(currentUser(), membership('editor')).contribute).toBe(true);
  });

  it('gives viewers nothing to change, and agents not even the member list', () => {
    const viewer = campaignAbilities(currentUser(), membership('viewer', { can_edit_settings: true }));
    expect(hasSettings(viewer)).toBe(false);
    expect(viewer.seeMembers).toBe(true);
    expect(viewer.contribute).toBe(false);
    expect(campaignAbilities(currentUser({ role: 'agent' }), membership('viewer')).seeMembers).toBe(false);
  });
});
