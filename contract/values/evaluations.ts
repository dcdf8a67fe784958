// The evaluation API's limits as plain values, without zod: contract/evaluations.ts builds its schemas from them,
// and the review screen reads them without loading zod (decision 0203).

/** An item's comment is at most this long. */
export const evaluationCommentMaxLength = 2000;
