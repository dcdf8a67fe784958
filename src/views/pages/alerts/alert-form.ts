// The alert form's values and rules (messages are i18n keys), and their conversion from and to the API's alert.
import { z } from 'zod';
import type { Alert, AlertChanges, AlertWatch, NewAlert } from '../../../../contract/alerts';
import { alertDetailTypes, alertOperators } from '../../../../contract/values/enums';
import { referenceOf, watchedId } from './alert-watch';

export const alertFormSchema = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(200, 'validation.tooLong'),
    type: z.enum(alertDetailTypes),
    operator: z.enum(alertOperators),
    score: z
      .number('alerts.form.scoreRange')
      .min(0, 'alerts.form.scoreRange')
      .max(100, 'alerts.form.scoreRange'),
    /** The watched grid element's id: a section, an additional score or an item, by type ('' for none). */
    target: z.string(),
    recipients: z.array(z.string()).min(1, 'alerts.form.recipientsRequired'),
    enabled: z.boolean(),
  })
  .refine((form) => referenceOf(form.type) === null || form.target !== '', {
    path: ['target'],
    message: 'alerts.form.targetRequired',
    // Shown with the other fields' mistakes, not only once they are all fixed.
    when: ({ value }) => typeof value === 'object' && value !== null,
  });
export type AlertForm = z.infer<typeof alertFormSchema>;

export const newAlertForm: AlertForm = {
  name: '',
  type: 'main_score',
  operator: 'lt',
  score: 60,
  target: '',
  recipients: [],
  enabled: true,
};

export const alertFormOf = (alert: Alert): AlertForm => ({
  name: alert.name,
  type: alert.detail.type,
  operator: alert.detail.operator,
  score: alert.detail.score,
  target: watchedId(alert.detail),
  recipients: alert.recipients,
  enabled: alert.enabled,
});

export function watchOf(form: AlertForm): AlertWatch {
  const reference = referenceOf(form.type);
  return {
    type: form.type,
    operator: form.operator,
    score: form.score,
    ...(reference ? { [reference]: form.target } : {}),
  };
}

export const newAlertOf = (campaignId: string, form: AlertForm): NewAlert => ({
  campaign_id: campaignId,
  name: form.name,
  enabled: form.enabled,
  detail: watchOf(form),
  recipients: form.recipients,
});

const sameWatch = (one: AlertForm, other: AlertForm) =>
  one.type === other.type &&
  one.operator === other.operator &&
  one.score === other.score &&
  one.target === other.target;

const sameMembers = (one: string[], other: string[]) =>
  one.length === other.length && one.every((id) => other.includes(id));

/**
 * Only what changed: the server forgets an alert's matches when its watch is sent, so an unchanged watch is not
 * sent (its next match would notify again).
 */
export function alertChangesOf(before: AlertForm, after: AlertForm): AlertChanges {
  return {
    ...(after.name.trim() !== before.name ? { name: after.name } : {}),
    ...(after.enabled !== before.enabled ? { enabled: after.enabled } : {}),
    ...(sameWatch(before, after) ? {} : { detail: watchOf(after) }),
    ...(sameMembers(before.recipients, after.recipients) ? {} : { recipients: after.recipients }),
  };
}

/** The form field a path of the server's refusal names (`detail.item_id`, `body.recipients.0`), if any. */
export function formFieldOf(serverPath: string): keyof AlertForm | null {
  const [first, second] = serverPath.replace(/^body\./, '').split('.');
  if (first === 'name' || first === 'recipients' || first === 'enabled') return first;
  if (first !== 'detail') return null;
  if (second === 'type' || second === 'operator' || second === 'score') return second;
  return second === 'section_id' || second === 'score_id' || second === 'item_id' ? 'target' : null;
}
