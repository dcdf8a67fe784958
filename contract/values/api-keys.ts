// The API keys' scopes as plain values (decision 0203): what a key may do, each on the routes it covers.

export const apiKeyScopes = [
  'conversations:read',
  'conversations:write',
  'evaluations:read',
  'dashboards:read',
  'webhooks:manage',
] as const;

/** The scopes whose every use is written in the audit log. */
export const apiKeyWriteScopes: readonly (typeof apiKeyScopes)[number][] = [
  'conversations:write',
  'webhooks:manage',
];
