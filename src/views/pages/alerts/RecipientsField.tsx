// Who an alert notifies: the campaign's active members, each a checkbox; a recipient who no longer reads the
// campaign stays listed (checked) until taken off, since the server keeps them on the alert but never notifies them.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampaignMember } from '../../../../contract/campaigns';
import { CheckboxField } from '../../components/fields';

export function RecipientsField({
  members,
  value,
  onChange,
  error,
  disabled = false,
}: {
  members: CampaignMember[];
  value: string[];
  onChange: (recipients: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const active = members.filter((member) => member.status === 'active');
  const activeIds = new Set(active.map((member) => member.user_id));
  const formerIds = value.filter((recipient) => !activeIds.has(recipient));
  const toggle = (userId: string, checked: boolean) =>
    onChange(checked ? [...value, userId] : value.filter((recipient) => recipient !== userId));

  return (
    <fieldset aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} className="flex flex-col gap-1">
      <legend className="text-sm font-medium text-gray-700">{t('alerts.form.recipients')}</legend>
      <p id={`${id}-hint`} className="text-xs text-gray-500">
        {t('alerts.form.recipientsHint')}
      </p>
      <div
        className={`mt-1 flex max-h-64 flex-col gap-2 overflow-y-auto rounded-lg p-3 ring-1 ${error ? 'ring-red-500' : 'ring-gray-300'}`}
      >
        {active.length === 0 && formerIds.length === 0 && (
          <p className="text-sm text-gray-600">{t('alerts.form.noMembers')}</p>
        )}
        {active.map((member) => (
          <CheckboxField
            key={member.user_id}
            label={t('alerts.form.recipient', {
              name: member.name,
              role: t(`profile.roles.${member.user_role}`),
            })}
            checked={value.includes(member.user_id)}
            onChange={(checked) => toggle(member.user_id, checked)}
            disabled={disabled}
          />
        ))}
        {formerIds.map((userId) => (
          <CheckboxField
            key={userId}
            label={t('alerts.form.formerMember')}
            checked
            onChange={(checked) => toggle(userId, checked)}
            disabled={disabled}
          />
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}
