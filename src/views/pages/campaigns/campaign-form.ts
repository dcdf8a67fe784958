// The campaign form's rules, with i18n keys as messages.
import { z } from 'zod';

export const campaignFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(120, 'validation.tooLong'),
  description: z.string().trim().max(2000, 'validation.tooLong'),
  language: z.enum(['en', 'fr']),
});
export type CampaignForm = z.infer<typeof campaignFormSchema>;
