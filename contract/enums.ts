// The product's enumerations (spec §3, §6, §9) as schemas and types, shared by the server and the browser; their
// values are in contract/values/enums.ts (decision 0203).
import { z } from 'zod';
import {
  alertDetailTypes,
  alertOperators,
  campaignRoles,
  conversationTypes,
  languages,
  notificationTypes,
  type permissions,
  sentiments,
  userRoles,
  userStatuses,
} from './values/enums';

export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userStatusSchema = z.enum(userStatuses);
export type UserStatus = z.infer<typeof userStatusSchema>;

export const languageSchema = z.enum(languages);
export type Language = z.infer<typeof languageSchema>;

export type Permission = (typeof permissions)[number];
export const userPolicySchema = z.record(z.string().min(1).max(64), z.boolean());
export type UserPolicy = z.infer<typeof userPolicySchema>;

export const campaignRoleSchema = z.enum(campaignRoles);
export type CampaignRole = z.infer<typeof campaignRoleSchema>;

export const conversationTypeSchema = z.enum(conversationTypes);
export type ConversationType = z.infer<typeof conversationTypeSchema>;

export const sentimentSchema = z.enum(sentiments);
export type Sentiment = z.infer<typeof sentimentSchema>;

export const notificationTypeSchema = z.enum(notificationTypes);

export const alertDetailSchema = z.object({
  type: z.enum(alertDetailTypes),
  operator: z.enum(alertOperators),
  score: z.number(),
  section_name: z.string().nullable().optional(),
  score_name: z.string().nullable().optional(),
  item_name: z.string().nullable().optional(),
});
export type AlertDetail = z.infer<typeof alertDetailSchema>;
