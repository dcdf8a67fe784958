// The local sentiment analysis of a conversation: a sentiment per turn and one for the whole conversation.
import type { Language, Sentiment } from '../../../contract/enums';
import { fullTextOf, type TextTurn } from '../text/turns';
import { conversationScore, conversationThreshold, sentimentOf, turnThreshold } from './classify';
import { scoreText } from './score';

export interface ConversationSentiment {
  sentiment: Sentiment;
  /** One per turn, in order. */
  turns: Sentiment[];
}

export function analyseSentiment(turns: readonly TextTurn[], language: Language): ConversationSentiment {
  const scored = turns.map((turn) => ({
    speaker: turn.speaker,
    score: scoreText(fullTextOf(turn), language),
  }));
  return {
    sentiment: sentimentOf(conversationScore(scored), conversationThreshold),
    turns: scored.map((turn) => sentimentOf(turn.score, turnThreshold)),
  };
}
