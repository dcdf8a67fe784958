// What a usage event counts (the kinds, features and units are the contract's). Each kind has one unit; the
// feature says which part of the product spent it, so the usage page shows, say, the LLM tokens of evaluations
// apart from those of analyses or translations.
//
// `conversation`: one conversation ingested (posted as text or uploaded as audio); `transcription`: the seconds of
// audio one transcription read; `evaluation`: one evaluation run (whole or some items) written; `llm_call`: one
// request to a chat provider, with its tokens; `translation`: the characters of one translation's source text.
import type { UsageKind, UsageUnit } from '../../contract/usage';

export type { UsageFeature, UsageKind, UsageUnit } from '../../contract/usage';

/** The unit each kind is counted in. */
export const unitOfKind: Record<UsageKind, UsageUnit> = {
  conversation: 'conversation',
  transcription: 'second',
  evaluation: 'evaluation',
  llm_call: 'call',
  translation: 'character',
};
