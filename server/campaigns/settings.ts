// What the server reads from a campaign's settings beyond its topics.

/** Whether the campaign's conversations are evaluated once analysed: on unless the setting is `false`. */
export const autoEvaluates = (settings: Record<string, unknown>): boolean =>
  settings['auto_evaluate'] !== false;
