// The example files the upload pages offer, in the user's language, naming one of the organisation's agents so
// that an example uploaded as it is works, and dated the day before, so that its conversations fall inside every
// default period of the lists and dashboards. They are read back by the same readers in the unit tests.
import Papa from 'papaparse';
import type { Language } from '../../../contract/enums';

interface ExampleFile {
  name: string;
  mediaType: string;
  content: string;
}

/** Where the examples start: 09:12 UTC the day before `now`. */
const exampleStart = (now: Date) =>
  Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 1, 9, 12) / 1000;

/** Each message of the example chats, `after` seconds after the examples' start. */
const chats: Record<Language, { key: string; speaker: string; text: string; after: number }[]> = {
  en: [
    {
      key: 'chat-1001',
      speaker: 'customer',
      text: 'Hello, my order has not arrived yet.',
      after: 0,
    },
    {
      key: 'chat-1001',
      speaker: 'agent',
      text: 'Sorry about that! Could you give me the order number?',
      after: 40,
    },
    { key: 'chat-1001', speaker: 'customer', text: 'It is 55-2024.', after: 65 },
    {
      key: 'chat-1002',
      speaker: 'customer',
      text: 'Can I change my delivery address?',
      after: 3000,
    },
    {
      key: 'chat-1002',
      speaker: 'agent',
      text: 'Of course, which address would you like?',
      after: 3030,
    },
  ],
  fr: [
    {
      key: 'chat-1001',
      speaker: 'client',
      text: "Bonjour, ma commande n'est toujours pas arrivée.",
      after: 0,
    },
    {
      key: 'chat-1001',
      speaker: 'agent',
      text: 'Désolé ! Pouvez-vous me donner le numéro de commande ?',
      after: 40,
    },
    { key: 'chat-1001', speaker: 'client', text: "C'est le 55-2024.", after: 65 },
    {
      key: 'chat-1002',
      speaker: 'client',
      text: 'Puis-je changer mon adresse de livraison ?',
      after: 3000,
    },
    {
      key: 'chat-1002',
      speaker: 'agent',
      text: 'Bien sûr, quelle adresse souhaitez-vous ?',
      after: 3030,
    },
  ],
};

const channel: Record<Language, string> = { en: 'web chat', fr: 'chat web' };

export function chatCsvExample(language: Language, agentEmail: string, now = new Date()): ExampleFile {
  const start = exampleStart(now);
  const rows = chats[language].map((row) => ({
    conversation_id: row.key,
    speaker: row.speaker,
    text: row.text,
    sent_at: new Date((start + row.after) * 1000).toISOString().replace('.000Z', 'Z'),
    agent_email: agentEmail,
    'metadata.channel': channel[language],
  }));
  return {
    name: language === 'fr' ? 'exemple-chats.csv' : 'chats-example.csv',
    mediaType: 'text/csv',
    content: Papa.unparse(rows),
  };
}

export function chatJsonExample(language: Language, agentEmail: string, now = new Date()): ExampleFile {
  const start = exampleStart(now);
  const keys = [...new Set(chats[language].map((row) => row.key))];
  const conversations = keys.map((key) => ({
    external_id: key,
    agent_email: agentEmail,
    metadata: { channel: channel[language] },
    messages: chats[language]
      .filter((row) => row.key === key)
      .map((row) => ({
        speaker: row.speaker === 'client' ? 'customer' : row.speaker,
        text: row.text,
        sent_at: start + row.after,
      })),
  }));
  return {
    name: language === 'fr' ? 'exemple-chats.json' : 'chats-example.json',
    mediaType: 'application/json',
    content: JSON.stringify(conversations, null, 2),
  };
}

const emailTexts: Record<Language, { subject: string; question: string; answer: string }> = {
  en: {
    subject: 'Refund for order 55-2024',
    question: 'Hello,\n\nThe jacket I received is too small. Can I get a refund?\n\nThanks,\nAlex',
    answer:
      'Hello Alex,\n\nOf course: your refund has been issued and will reach you within 5 days.\n\nBest regards',
  },
  fr: {
    subject: 'Remboursement de la commande 55-2024',
    question: 'Bonjour,\n\nLa veste reçue est trop petite. Puis-je être remboursé ?\n\nMerci,\nAlex',
    answer:
      'Bonjour Alex,\n\nBien sûr : votre remboursement est en cours et vous parviendra sous 5 jours.\n\nCordialement',
  },
};

export function emailJsonExample(language: Language, agentEmail: string, now = new Date()): ExampleFile {
  const texts = emailTexts[language];
  const start = exampleStart(now);
  return {
    name: language === 'fr' ? 'exemple-emails.json' : 'emails-example.json',
    mediaType: 'application/json',
    content: JSON.stringify(
      [
        {
          external_id: 'ticket-2001',
          agent_email: agentEmail,
          emails: [
            { speaker: 'customer', subject: texts.subject, body: texts.question, sent_at: start },
            { speaker: 'agent', subject: `Re: ${texts.subject}`, body: texts.answer, sent_at: start + 3600 },
          ],
        },
      ],
      null,
      2,
    ),
  };
}

/** One message of a thread as an .eml file: the customer's question; an answer would carry In-Reply-To. */
export function emlExample(language: Language, agentEmail: string, now = new Date()): ExampleFile {
  const texts = emailTexts[language];
  const content = [
    'From: Alex Martin <alex.martin@example.com>',
    `To: ${agentEmail}`,
    `Subject: =?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(texts.subject)))}?=`,
    `Date: ${new Date(exampleStart(now) * 1000).toUTCString().replace('GMT', '+0000')}`,
    'Message-ID: <question-2001@example.com>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=UTF-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    texts.question,
    '',
  ].join('\r\n');
  return {
    name: language === 'fr' ? 'exemple-email.eml' : 'email-example.eml',
    mediaType: 'message/rfc822',
    content,
  };
}
