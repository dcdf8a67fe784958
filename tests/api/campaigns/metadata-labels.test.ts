// The labels of a campaign's metadata keys through the API: none at first; written whole with the campaign's other
// changes, in English and French, kept beside its other settings; malformed labels refused with a 400 and nothing
// changed; written only by those who may edit the campaign's settings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCampaigns, demoUsers } from '../../../server/demo/data';
import { testDatabaseKinds } from '../../fixtures/databases';
import { bearer, createTestApp, type TestApp } from '../../fixtures/test-app';

const url = `/api/campaigns/${demoCampaigns.customerCare.id}`;

describe.each(testDatabaseKinds)('campaign metadata labels on %s', (kind) => {
  let t: TestApp;

  const call = async (
    method: 'GET' | 'PATCH',
    payload?: object,
    email: string = demoUsers.supervisor.email,
  ) =>
    t.app.inject({
      method,
      url,
      headers: bearer(await t.accessToken(email)),
      ...(payload ? { payload } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('has none at first, then keeps the labels written, whole, beside the other settings', async () => {
    expect((await call('GET')).json()).toMatchObject({ metadata_labels: {}, auto_evaluate: true });
    await call('PATCH', { auto_evaluate: false });

    const labels = {
      customer_tier: { en: 'Customer tier', fr: 'Niveau client' },
      channel: { fr: 'Canal' },
    };
    const written = await call('PATCH', { metadata_labels: labels });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json()).toMatchObject({ metadata_labels: labels, auto_evaluate: false });
    expect((await call('GET')).json()).toMatchObject({ metadata_labels: labels });

    await call('PATCH', { name: 'Customer Care, renamed' });
    expect((await call('GET')).json()).toMatchObject({ metadata_labels: labels });

    const replaced = await call('PATCH', { metadata_labels: { channel: { en: ' Channel ' } } });
    expect(replaced.json()).toMatchObject({ metadata_labels: { channel: { en: 'Channel' } } });
    expect((await call('GET')).json().metadata_labels).toEqual({ channel: { en: 'Channel' } });
  });

  it('refuses malformed labels with a 400 and changes nothing', async () => {
    const before = (await call('GET')).json().metadata_labels as unknown;
    for (const bad of [
      { channel: { en: '' } },
      { channel: { en: '   ' } },
      { channel: { de: 'Kanal' } },
      { channel: { en: 'x'.repeat(101) } },
      { channel: 'Channel' },
      { '': { en: 'Nothing' } },
      Object.fromEntries(Array.from({ length: 201 }, (_, index) => [`key_${index}`, { en: 'Label' }])),
    ]) {
      const response = await call('PATCH', { metadata_labels: bad });
      expect(response.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(response.json()).toHaveProperty('detail');
    }
    expect((await call('GET')).json().metadata_labels).toEqual(before);
  });

  it('lets only those who may edit the settings write them', async () => {
    const response = await call('PATCH', { metadata_labels: {} }, demoUsers.agent.email);
    expect(response.statusCode).toBe(403);
    expect((await call('GET')).json().metadata_labels).toEqual({ channel: { en: 'Channel' } });
  });
});
