// The dashboards' graphs' enumerations as plain values, without zod: contract/dashboard-graphs.ts builds its
// schemas from them, and the home's dashboards read them (decision 0203).

export const scoreIntervals = ['day', 'week', 'month'] as const;
