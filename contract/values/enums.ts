// The product's enumerations (spec §3, §6, §9) as plain values, without zod: contract/enums.ts builds its schemas
// from them, and the browser reads them on pages that validate nothing (decision 0203).

export const userRoles = ['agent', 'supervisor'] as const;

export const userStatuses = ['invited', 'active', 'disabled'] as const;

export const languages = ['en', 'fr'] as const;

/** Named permission flags a user's policy may grant (spec §6). */
export const permissions = [
  'can_view_usage',
  'can_edit_users_access',
  'can_create_campaign',
  'can_view_audit_log',
  'can_manage_security',
] as const;

export const campaignRoles = ['owner', 'editor', 'viewer'] as const;

export const conversationTypes = ['call', 'chat', 'email'] as const;

export const sentiments = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'] as const;

export const notificationTypes = ['MENTIONED_IN_CONVERSATION', 'ALERT', 'REVIEWS_ASSIGNED'] as const;

export const alertOperators = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export const alertDetailTypes = [
  'main_score',
  'additional_score',
  'section_score',
  'multiple_levels_item',
  'binary_item',
  'composed_item',
] as const;
