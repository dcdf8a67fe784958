// The dashboards' chart palette and the props every Recharts chart shares, so that all graphs look alike.
export const chartColors = {
  main: '#7e22ce',
  soft: '#c084fc',
  grid: '#e5e7eb',
  axis: '#4b5563',
  good: '#15803d',
  fair: '#b45309',
  poor: '#b91c1c',
  types: { call: '#7e22ce', chat: '#0e7490', email: '#c2410c' },
} as const;

export const axisTick = { fontSize: 12, fill: chartColors.axis } as const;

/** A score's colour by band, as the conversation list colours it (80 and up good, 50 and up fair). */
export const scoreColor = (score: number): string =>
  score >= 80 ? chartColors.good : score >= 50 ? chartColors.fair : chartColors.poor;

/** A long name cut to `length` characters with an ellipsis (the table and the tooltip give it whole). */
export const shortName = (name: string, length = 18): string =>
  name.length > length ? `${name.slice(0, length - 1).trimEnd()}…` : name;
