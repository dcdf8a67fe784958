// The product's enumerations and constants (spec §3, §6, §9), shared by the server and the browser.
import { z } from 'zod';

export const userRoles = ['agent', 'supervisor'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userStatuses = ['invited', 'active', 'disabled'] as const;
export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const languages = ['en', 'fr'] as const;
export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

/** Named permission flags a user's policy may grant (spec §6). */
export const permissions = ['can_view_usage', 'can_edit_users_access', 'can_create_campaign'] as const;
export type Permission = (typeof permissions)[number];
export const userPolicySchema = z.record(z.string().min(1).max(64), z.boolean());
export type UserPolicy = z.infer<typeof userPolicySchema>;

export const campaignRoles = ['owner', 'editor', 'viewer'] as const;
export const campaignRoleSchema = z.enum(campaignRoles);
export type CampaignRole = z.infer<typeof campaignRoleSchema>;

export const conversationTypes = ['call', 'chat', 'email'] as const;
export const conversationTypeSchema = z.enum(conversationTypes);
export type ConversationType = z.infer<typeof conversationTypeSchema>;

export const sentiments = ['POSITIVE', 'NEGATIVE', 'NEUTRAL'] as const;
export const sentimentSchema = z.enum(sentiments);
export type Sentiment = z.infer<typeof sentimentSchema>;

export const notificationTypes = ['MENTIONED_IN_CONVERSATION', 'ALERT', 'REVIEWS_ASSIGNED'] as const;
export const notificationTypeSchema = z.enum(notificationTypes);

export const alertOperators = ['gt', 'gte', 'lt', 'lte', 'eq'] as const;
export const alertDetailTypes = [
  'main_score',
  'additional_score',
  'section_score',
  'multiple_levels_item',
  'binary_item',
  'composed_item',
] as const;

export const alertDetailSchema = z.object({
  type: z.enum(alertDetailTypes),
  operator: z.enum(alertOperators),
  score: z.number(),
  section_name: z.string().nullable().optional(),
  score_name: z.string().nullable().optional(),
  item_name: z.string().nullable().optional(),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;
