// The example files the upload pages offer, in the user's language, naming one of the organisation's agents so
// that an example uploaded as it is works. They are read back by the same readers in the unit tests.
import Papa from 'papaparse';
import type { Language } from '../../../contract/enums';

interface ExampleFile {
  name: string;
  mediaType: string;
  content: string;
}

const chats: Record<Language, { key: string; speaker: string; text: string; sent_at: string }[]> = {
  en: [
    {
      key: 'chat-1001',
      speaker: 'customer',
      text: 'Hello, my order has not arrived yet.',
      sent_at: '2025-03-03T09:12:00Z',
    },
    {
      key: 'chat-1001',
      speaker: 'agent',
      text: 'Sorry about that! Could you give me the order number?',
      sent_at: '2025-03-03T09:12:40Z',
    },
    { key: 'chat-1001', speaker: 'customer', text: 'It is 55-2024.', sent_at: '2025-03-03T09:13:05Z' },
    {
      key: 'chat-1002',
      speaker: 'customer',
      text: 'Can I change my delivery address?',
      sent_at: '2025-03-03T10:02:00Z',
    },
    {
      key: 'chat-1002',
      speaker: 'agent',
      text: 'Of course, which address would you like?',
      sent_at: '2025-03-03T10:02:30Z',
    },
  ],
  fr: [
    {
      key: 'chat-1001',
      speaker: 'client',
      text: "Bonjour, ma commande n'est toujours pas arrivée.",
      sent_at: '2025-03-03T09:12:00Z',
    },
    {
      key: 'chat-1001',
      speaker: 'agent',
      text: 'Désolé ! Pouvez-vous me donner le numéro de commande ?',
      sent_at: '2025-03-03T09:12:40Z',
    },
    { key: 'chat-1001', speaker: 'client', text: "C'est le 55-2024.", sent_at: '2025-03-03T09:13:05Z' },
    {
      key: 'chat-1002',
      speaker: 'client',
      text: 'Puis-je changer mon adresse de livraison ?',
      sent_at: '2025-03-03T10:02:00Z',
    },
    {
      key: 'chat-1002',
      speaker: 'agent',
      text: 'Bien sûr, quelle adresse souhaitez-vous ?',
      sent_at: '2025-03-03T10:02:30Z',
    },
  ],
};

const channel: Record<Language, string> = { en: 'web chat', fr: 'chat web' };

export function chatCsvExample(language: Language, agentEmail: string): ExampleFile {
  const rows = chats[language].map((row) => ({
    conversation_id: row.key,
    speaker: row.speaker,
    text: row.text,
    sent_at: row.sent_at,
    agent_email: agentEmail,
    'metadata.channel': channel[language],
  }));
  return {
    name: language === 'fr' ? 'exemple-chats.csv' : 'chats-example.csv',
    mediaType: 'text/csv',
    content: Papa.unparse(rows),
  };
}

export function chatJsonExample(language: Language, agentEmail: string): ExampleFile {
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
        sent_at: Math.floor(Date.parse(row.sent_at) / 1000),
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

export function emailJsonExample(language: Language, agentEmail: string): ExampleFile {
  const texts = emailTexts[language];
  return {
    name: language === 'fr' ? 'exemple-emails.json' : 'emails-example.json',
    mediaType: 'application/json',
    content: JSON.stringify(
      [
        {
          external_id: 'ticket-2001',
          agent_email: agentEmail,
          emails: [
            { speaker: 'customer', subject: texts.subject, body: texts.question, sent_at: 1741000000 },
            { speaker: 'agent', subject: `Re: ${texts.subject}`, body: texts.answer, sent_at: 1741003600 },
          ],
        },
      ],
      null,
      2,
    ),
  };
}

/** One message of a thread as an .eml file: the customer's question; an answer would carry In-Reply-To. */
export function emlExample(language: Language, agentEmail: string): ExampleFile {
  const texts = emailTexts[language];
  const content = [
    'From: Alex Martin <alex.martin@example.com>',
    `To: ${agentEmail}`,
    `Subject: =?UTF-8?B?${btoa(String.fromCharCode(...new TextEncoder().encode(texts.subject)))}?=`,
    'Date: Mon, 03 Mar 2025 09:12:00 +0000',
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
