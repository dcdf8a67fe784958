// The dashboards' parameter limits and names, without zod: contract/dashboards.ts builds its query schemas with
// them, and the browser's first route reads them (decisions 0196, 0203).

/** Most campaigns one graph reads at once. */
export const maxGraphCampaigns = 50;

/** A metadata filter travels as `metadata.<key>=<value>`, repeated for several values of one key. */
export const graphMetadataPrefix = 'metadata.';

/** Most metadata keys one graph filters on. */
export const maxGraphMetadataKeys = 20;
