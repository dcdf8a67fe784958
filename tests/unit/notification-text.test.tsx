// What a notification says in the panel, in English and French: every type reads as a sentence of its own, none as
// an untranslated key, with the conversation's type, agent and score and a mention's first words; conversations
// given to review say how many and where.
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../contract/notifications';
import { notificationTypes } from '../../contract/values/enums';
import en from '../../src/i18n/en.json';
import fr from '../../src/i18n/fr.json';
import { NotificationText } from '../../src/views/notifications/NotificationText';

const base = {
  id: '00000000-0000-4000-8000-0000000000b1',
  read: false,
  created_at: Math.floor(Date.now() / 1000),
  conversation_id: '00000000-0000-4000-8000-0000000000c1',
  campaign_name: 'Support calls',
  conversation_type: 'call',
  agent_name: 'Lucas Petit',
  main_score: 72.5,
  excerpt: null,
  mentioned_by: null,
  alert_detail: null,
  assignment_count: null,
} satisfies Omit<Notification, 'type'>;

const examples: Record<(typeof notificationTypes)[number], Notification> = {
  MENTIONED_IN_CONVERSATION: {
    ...base,
    type: 'MENTIONED_IN_CONVERSATION',
    mentioned_by: { id: '00000000-0000-4000-8000-000000000002', name: 'Sam' },
    excerpt: 'Could you listen to the greeting?',
  },
  ALERT: { ...base, type: 'ALERT', alert_detail: { type: 'main_score', operator: 'lt', score: 50 } },
  REVIEWS_ASSIGNED: { ...base, type: 'REVIEWS_ASSIGNED', assignment_count: 3 },
};

async function textOf(language: 'en' | 'fr', notification: Notification) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <NotificationText notification={notification} />
    </I18nextProvider>,
  );
}

describe('NotificationText', () => {
  it.each(['en', 'fr'] as const)('writes every type out in %s, with no key left', async (language) => {
    for (const type of notificationTypes) {
      const html = await textOf(language, examples[type]);
      expect(html, type).toContain('Support calls');
      expect(html, type).not.toMatch(/notifications\./);
    }
  });

  it('says how many conversations were given to review, in the plural the count needs', async () => {
    expect(await textOf('en', examples.REVIEWS_ASSIGNED)).toContain(
      '3 conversations to review in campaign Support calls',
    );
    expect(await textOf('fr', examples.REVIEWS_ASSIGNED)).toContain(
      '3 conversations à évaluer dans la campagne Support calls',
    );
    const one = { ...examples.REVIEWS_ASSIGNED, assignment_count: 1 };
    expect(await textOf('en', one)).toContain('1 conversation to review in campaign Support calls');
    expect(await textOf('fr', one)).toContain('1 conversation à évaluer dans la campagne Support calls');
  });

  it('says which conversation, and quotes a mention’s first words, in the reader’s language', async () => {
    const mention = examples.MENTIONED_IN_CONVERSATION;
    const english = await textOf('en', mention);
    expect(english).toContain('“Could you listen to the greeting?”');
    expect(english).toContain('Call · Lucas Petit · score 72.5');
    const french = await textOf('fr', mention);
    expect(french).toContain('« Could you listen to the greeting? »');
    expect(french).toContain('Appel · Lucas Petit · score 72,5');
    expect(await textOf('en', { ...examples.ALERT, agent_name: null, main_score: null })).toContain(
      '<span class="text-gray-600">Call</span>',
    );
  });
});
