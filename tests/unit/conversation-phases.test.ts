// The phases engine: phases in the campaign's order from their markers, in English and French, with their turns
// and durations for calls (recording seconds) and for chats and emails (sending times).
import { describe, expect, it } from 'vitest';
import { updateCampaignPhasesSchema } from '../../contract/conversation-phases';
import { splitIntoPhases } from '../../server/domain/conversation-phases';

const english = [
  { name: 'Greeting', markers: ['hello', 'good morning'] },
  { name: 'Identification', markers: ['account number', 'date of birth'] },
  { name: 'Resolution', markers: ['refund', 'I have fixed'] },
  { name: 'Closing', markers: ['anything else', 'goodbye'] },
];

const french = [
  { name: 'Accueil', markers: ['bonjour'] },
  { name: 'Identification', markers: ['numéro de client'] },
  { name: 'Diagnostic', markers: ['quel est le problème'] },
  { name: 'Clôture', markers: ['bonne journée', 'au revoir'] },
];

const call = (text: string, start_s: number, end_s: number) => ({ text, start_s, end_s });

describe('splitIntoPhases', () => {
  it('times the phases of an English call on the recording', () => {
    const turns = [
      call('Good morning, Acme support.', 0, 4),
      call('Hi, my parcel never came.', 5, 9),
      call('Can I have your account number?', 10, 14),
      call('It is 12345.', 15, 18),
      call('I have fixed it, a refund is on its way.', 20, 30),
      call('Is there anything else? Goodbye!', 31, 36),
    ];
    expect(splitIntoPhases('call', turns, english)).toEqual([
      {
        name: 'Greeting',
        marker: 'good morning',
        first_turn: 1,
        last_turn: 2,
        turns: 2,
        start_s: 0,
        end_s: 10,
        duration_s: 10,
      },
      {
        name: 'Identification',
        marker: 'account number',
        first_turn: 3,
        last_turn: 4,
        turns: 2,
        start_s: 10,
        end_s: 20,
        duration_s: 10,
      },
      {
        name: 'Resolution',
        marker: 'refund',
        first_turn: 5,
        last_turn: 5,
        turns: 1,
        start_s: 20,
        end_s: 31,
        duration_s: 11,
      },
      {
        name: 'Closing',
        marker: 'anything else',
        first_turn: 6,
        last_turn: 6,
        turns: 1,
        start_s: 31,
        end_s: 36,
        duration_s: 5,
      },
    ]);
  });

  it('reads French markers whatever the case and accents, whole words only', () => {
    const turns = [
      { text: 'BONJOUR, service client.', sent_at: 1000 },
      { text: 'Votre numero de CLIENT, svp ?', sent_at: 1060 },
      { text: 'Quel est le problème exactement ?', sent_at: 1200 },
      { text: 'Mon colis est abîmé.', sent_at: 1300 },
      { text: 'Bonne journée et au revoir.', sent_at: 1500 },
    ];
    expect(splitIntoPhases('chat', turns, french)).toEqual([
      {
        name: 'Accueil',
        marker: 'bonjour',
        first_turn: 1,
        last_turn: 1,
        turns: 1,
        start_s: null,
        end_s: null,
        duration_s: 60,
      },
      {
        name: 'Identification',
        marker: 'numéro de client',
        first_turn: 2,
        last_turn: 2,
        turns: 1,
        start_s: null,
        end_s: null,
        duration_s: 140,
      },
      {
        name: 'Diagnostic',
        marker: 'quel est le problème',
        first_turn: 3,
        last_turn: 4,
        turns: 2,
        start_s: null,
        end_s: null,
        duration_s: 300,
      },
      {
        name: 'Clôture',
        marker: 'bonne journée',
        first_turn: 5,
        last_turn: 5,
        turns: 1,
        start_s: null,
        end_s: null,
        duration_s: 0,
      },
    ]);
    expect(splitIntoPhases('chat', [{ text: 'Bonjournée à vous' }], french)).toEqual([]);
  });

  it('leaves out a phase whose markers are not found and goes on from the previous phase', () => {
    const turns = [{ text: 'Hello there' }, { text: 'I want a refund' }, { text: 'Goodbye' }];
    expect(
      splitIntoPhases('email', turns, english).map(({ name, first_turn, last_turn }) => [
        name,
        first_turn,
        last_turn,
      ]),
    ).toEqual([
      ['Greeting', 1, 1],
      ['Resolution', 2, 2],
      ['Closing', 3, 3],
    ]);
  });

  it('keeps the campaign order: a marker before the previous phase started does not count', () => {
    const turns = [
      { text: 'Goodbye, wrong number… hello?' },
      { text: 'Your date of birth?' },
      { text: 'Bye' },
    ];
    // "goodbye" is in turn 1, where the greeting starts; the closing is searched after it and not found.
    expect(splitIntoPhases('chat', turns, english).map(({ name }) => name)).toEqual([
      'Greeting',
      'Identification',
    ]);
  });

  it('starts each phase after the previous one started, so phases never overlap', () => {
    const turns = [{ text: 'Hello, your account number please' }, { text: 'It is 42, account number 42' }];
    expect(splitIntoPhases('chat', turns, english).map(({ name, first_turn }) => [name, first_turn])).toEqual(
      [
        ['Greeting', 1],
        ['Identification', 2],
      ],
    );
  });

  it('reads an email subject with its body, and has no duration without times', () => {
    const turns = [{ subject: 'Refund request', text: 'Hello, see below.' }, { text: 'Goodbye' }];
    expect(splitIntoPhases('email', turns, english)).toEqual([
      {
        name: 'Greeting',
        marker: 'hello',
        first_turn: 1,
        last_turn: 1,
        turns: 1,
        start_s: null,
        end_s: null,
        duration_s: null,
      },
      {
        name: 'Closing',
        marker: 'goodbye',
        first_turn: 2,
        last_turn: 2,
        turns: 1,
        start_s: null,
        end_s: null,
        duration_s: null,
      },
    ]);
    expect(splitIntoPhases('call', [{ text: 'hello' }], english)[0]).toMatchObject({
      start_s: null,
      end_s: null,
      duration_s: null,
    });
  });

  it('finds nothing without phases or turns', () => {
    expect(splitIntoPhases('call', [], english)).toEqual([]);
    expect(splitIntoPhases('call', [call('hello', 0, 1)], [])).toEqual([]);
  });
});

describe('updateCampaignPhasesSchema', () => {
  it('refuses names that differ only by case, empty markers and too many phases', () => {
    const duplicate = updateCampaignPhasesSchema.safeParse({
      phases: [
        { name: 'Greeting', markers: ['hello'] },
        { name: 'greeting', markers: ['hi'] },
      ],
    });
    expect(duplicate.error?.issues.map((issue) => issue.path)).toEqual([['phases', 1, 'name']]);
    expect(updateCampaignPhasesSchema.safeParse({ phases: [{ name: 'A', markers: [] }] }).success).toBe(
      false,
    );
    expect(updateCampaignPhasesSchema.safeParse({ phases: [{ name: 'A', markers: ['  '] }] }).success).toBe(
      false,
    );
    expect(updateCampaignPhasesSchema.safeParse({ phases: [{ name: 'A', markers: ['?!'] }] }).success).toBe(
      false,
    );
    const many = Array.from({ length: 21 }, (_, index) => ({ name: `P${index}`, markers: ['x'] }));
    expect(updateCampaignPhasesSchema.safeParse({ phases: many }).success).toBe(false);
    expect(updateCampaignPhasesSchema.safeParse({ phases: many.slice(0, 20) }).success).toBe(true);
  });
});
