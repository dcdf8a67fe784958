// The grid API tests' campaign: the demo supervisor owns it, and beside them an editor who may edit its settings, one
// who may only manage its users, a viewer and the demo agent; and an outsider of another organisation. Answers the
// campaign's id and each one's access token.
import { demoOrganisation, demoUsers } from '../../../server/demo/data';
import { addCampaign, addOrganisation, addUser } from '../../fixtures/records';
import type { TestApp } from '../../fixtures/test-app';

export interface GridCampaign {
  campaignId: string;
  tokens: Record<'owner' | 'editor' | 'plainEditor' | 'viewer' | 'agent' | 'outsider', string>;
}

/** `name` tells this test's users and organisation apart from other tests' in the same database. */
export async function addGridCampaign(t: TestApp, name: string): Promise<GridCampaign> {
  const { db } = t.database;
  const email = (role: string) => `${name}.${role}@demo.local`;
  const demo = (role: string) => addUser(db, { organisationId: demoOrganisation.id, email: email(role) });
  const [editorId, plainEditorId, viewerId] = await Promise.all([
    demo('editor'),
    demo('plain'),
    demo('viewer'),
  ]);
  const campaignId = await addCampaign(db, {
    organisationId: demoOrganisation.id,
    name: `${name} campaign`,
    members: [
      { userId: demoUsers.supervisor.id, role: 'owner' },
      { userId: editorId, role: 'editor', policy: { can_edit_settings: true } },
      { userId: plainEditorId, role: 'editor', policy: { can_manage_users: true } },
      { userId: viewerId, role: 'viewer' },
      { userId: demoUsers.agent.id, role: 'viewer' },
    ],
  });
  const elsewhere = await addOrganisation(db, `${name} elsewhere`);
  const outsiderEmail = `boss@${name}-elsewhere.local`;
  await addUser(db, { organisationId: elsewhere, email: outsiderEmail });
  const [owner, editor, plainEditor, viewer, agent, outsider] = await Promise.all([
    t.accessToken(demoUsers.supervisor.email),
    t.accessToken(email('editor')),
    t.accessToken(email('plain')),
    t.accessToken(email('viewer')),
    t.accessToken(demoUsers.agent.email),
    t.accessToken(outsiderEmail),
  ]);
  return { campaignId, tokens: { owner, editor, plainEditor, viewer, agent, outsider } };
}
