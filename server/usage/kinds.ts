// What a usage event counts. Each kind has one unit; the feature says which part of the product spent it, so the
// usage page can show, say, the LLM tokens of evaluations apart from those of analyses or translations.

/**
 * `evaluation`: one evaluation run (whole or some items) written; `llm_call`: one request to a chat provider,
 * with its tokens. Issue 11 adds the conversations ingested, audio seconds transcribed and characters translated.
 */
export const usageKinds = ['evaluation', 'llm_call'] as const;
export type UsageKind = (typeof usageKinds)[number];

/** `item_test`: the grid editor's test of one item; `custom_analysis`: the provider's answers to custom analyses. */
export const usageFeatures = ['evaluation', 'item_test', 'custom_analysis'] as const;
export type UsageFeature = (typeof usageFeatures)[number];

export const usageUnits = ['evaluation', 'call'] as const;
export type UsageUnit = (typeof usageUnits)[number];

/** The unit each kind is counted in. */
export const unitOfKind: Record<UsageKind, UsageUnit> = { evaluation: 'evaluation', llm_call: 'call' };
