// The local analysis engine: language by character trigrams, sentiment by lexicons with negation, topics by the
// campaign's keywords. Deterministic and offline.
import { detectLanguage } from '../../domain/language-detection';
import { analyseSentiment } from '../../domain/sentiment/analyse';
import { lexiconVersion } from '../../domain/sentiment/lexicons';
import { fullTextOf } from '../../domain/text/turns';
import { matchTopics } from '../../domain/topics';
import type { AnalysisEngine } from './index';

export const localAnalysisEngine: AnalysisEngine = {
  run: { engine: 'lexicon', model: lexiconVersion },
  async analyse({ language: given, detectLanguage: detect, turns, topics }) {
    const texts = turns.map(fullTextOf);
    const language = (detect ? detectLanguage(texts.join('\n')) : null) ?? given;
    const sentiment = analyseSentiment(turns, language);
    return {
      language,
      sentiment: sentiment.sentiment,
      turnSentiments: sentiment.turns,
      topics: matchTopics(texts, topics),
    };
  },
};
