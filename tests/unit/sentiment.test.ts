// The local sentiment analysis: lexicons, call-centre overlay and negation in English and French, and the
// per-turn and conversation labels.
import { describe, expect, it } from 'vitest';
import { analyseSentiment } from '../../server/domain/sentiment/analyse';
import { conversationScore } from '../../server/domain/sentiment/classify';
import { scoreText } from '../../server/domain/sentiment/score';

const label = (text: string, language: 'en' | 'fr') =>
  analyseSentiment([{ speaker: 'customer', text }], language).turns[0];

describe('English sentiment', () => {
  it.each([
    ['very helpful, thank you', 'POSITIVE'],
    ['That was great, the problem is fixed now.', 'POSITIVE'],
    ['not bad', 'POSITIVE'],
    ['No problem at all.', 'POSITIVE'],
    ['not good', 'NEGATIVE'],
    ['I am not very happy with the service', 'NEGATIVE'],
    ["I don't like it", 'NEGATIVE'],
    ['It doesn’t work and I want a refund.', 'NEGATIVE'],
    ['This is unacceptable, I have been charged twice!', 'NEGATIVE'],
    ['Good morning, how can I help you?', 'NEUTRAL'],
    ["I'd like to change my delivery address.", 'NEUTRAL'],
  ] as const)('%s → %s', (text, expected) => {
    expect(label(text, 'en')).toBe(expected);
  });

  it('stops a negation at a contrast and at punctuation', () => {
    expect(scoreText('not cheap but great', 'en')).toBe(3);
    expect(scoreText('No. Great service.', 'en')).toBe(3);
  });

  it('damps a negated word: "not good" is milder than "bad"', () => {
    expect(scoreText('not happy', 'en')).toBe(-2.25);
    expect(scoreText('unhappy', 'en')).toBe(-2);
    expect(scoreText('bad', 'en')).toBe(-3);
  });
});

describe('French sentiment', () => {
  it.each([
    ['je ne suis pas content', 'NEGATIVE'],
    ["Je n'aime pas du tout ce service", 'NEGATIVE'],
    ["j'aime pas", 'NEGATIVE'],
    ['je ne suis plus satisfait', 'NEGATIVE'],
    ['Bonjour, ça ne marche toujours pas', 'NEGATIVE'],
    ['tres decu du service', 'NEGATIVE'],
    ['C’est inadmissible, je veux être remboursé.', 'NEGATIVE'],
    ['pas mal de problèmes avec ma box', 'NEGATIVE'],
    ['pas mal', 'POSITIVE'],
    ['Parfait, merci beaucoup pour votre aide !', 'POSITIVE'],
    ['plus content que jamais', 'POSITIVE'],
    ['Pas de souci, bonne journée', 'POSITIVE'],
    ['sans problème', 'POSITIVE'],
    ['Bonjour, je vous appelle au sujet de ma facture.', 'NEUTRAL'],
  ] as const)('%s → %s', (text, expected) => {
    expect(label(text, 'fr')).toBe(expected);
  });

  it('reads "ne … que" as "only", not as a negation', () => {
    expect(scoreText('je ne suis que déçu', 'fr')).toBe(scoreText('déçu', 'fr'));
  });

  it('ignores accents and case, and splits elisions', () => {
    expect(scoreText('DÉÇU', 'fr')).toBe(scoreText('decu', 'fr'));
    expect(scoreText("l'arnaque", 'fr')).toBe(scoreText('arnaque', 'fr'));
  });
});

describe('conversation sentiment', () => {
  it('follows the customer rather than the polite agent', () => {
    const result = analyseSentiment(
      [
        { speaker: 'agent', text: 'Thank you for calling, happy to help!' },
        { speaker: 'customer', text: 'My parcel never arrived, this is unacceptable.' },
        {
          speaker: 'agent',
          text: 'I am so sorry, I will send a new one today. Thank you for your patience.',
        },
        { speaker: 'customer', text: 'Still not good enough.' },
      ],
      'en',
    );
    expect(result.sentiment).toBe('NEGATIVE');
    expect(result.turns).toEqual(['POSITIVE', 'NEGATIVE', 'NEUTRAL', 'NEGATIVE']);
  });

  it('weighs how the conversation ends', () => {
    expect(
      conversationScore([
        { speaker: 'customer', score: -2 },
        { speaker: 'agent', score: 0 },
        { speaker: 'customer', score: 3 },
      ]),
    ).toBeCloseTo((-2 * 1 + 3 * 2) / 3);
  });

  it('reads an email subject with its body', () => {
    const result = analyseSentiment(
      [{ speaker: 'customer', subject: 'Très déçu', text: 'Voir ci-dessous.' }],
      'fr',
    );
    expect(result.turns).toEqual(['NEGATIVE']);
  });

  it('is neutral without a rated word, or without turns', () => {
    expect(analyseSentiment([{ speaker: 'customer', text: 'Order 1234' }], 'en').sentiment).toBe('NEUTRAL');
    expect(analyseSentiment([], 'fr')).toEqual({ sentiment: 'NEUTRAL', turns: [] });
  });

  it('counts a long rant as one strongly rated turn', () => {
    const rant = 'terrible awful horrible disgusting '.repeat(10);
    expect(
      conversationScore([
        { speaker: 'customer', score: scoreText(rant, 'en') },
        { speaker: 'customer', score: 3 },
      ]),
    ).toBeCloseTo((-5 + 3 * 2) / 3);
  });
});
