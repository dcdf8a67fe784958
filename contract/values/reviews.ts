// The review queue API's limits as plain values, without zod: contract/reviews.ts builds its schemas from them,
// and the browser reads them on pages that validate nothing (decision 0203).

/** The most conversations one hand assignment gives (`POST /reviews/assignments`). */
export const maxAssignedAtOnce = 500;
