// A conversation's turns redacted: each turn's text, and an email's subject, on its own.
import { redacted } from './redact';

export function redactTurns<T extends { text: string; subject: string | null }>(turns: readonly T[]): T[] {
  return turns.map((turn) => ({
    ...turn,
    text: redacted(turn.text),
    subject: turn.subject === null ? null : redacted(turn.subject),
  }));
}
