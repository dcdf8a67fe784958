// A membership's role (owner, editor, viewer) and, for editors, the campaign permissions it grants.
import { useTranslation } from 'react-i18next';
import { campaignPermissions, type CampaignPolicy } from '../../../../contract/campaigns';
import type { CampaignRole } from '../../../../contract/enums';
import { campaignRoles } from '../../../../contract/values/enums';
import { CheckboxField, controlClass } from '../../components/fields';

interface MembershipEditorProps {
  /** Who the membership is for, to label the controls. */
  label: string;
  role: CampaignRole;
  policy: CampaignPolicy;
  /** Agents can only be viewers. */
  viewerOnly: boolean;
  disabled?: boolean;
  onChange: (role: CampaignRole, policy: CampaignPolicy) => void;
}

export function MembershipEditor({
  label,
  role,
  policy,
  viewerOnly,
  disabled = false,
  onChange,
}: MembershipEditorProps) {
  const { t } = useTranslation();
  const roles = viewerOnly ? (['viewer'] as const) : campaignRoles;
  return (
    <div className="flex flex-col gap-2">
      <select
        aria-label={t('members.roleOf', { name: label })}
        className={`${controlClass} max-w-40`}
        value={role}
        disabled={disabled || viewerOnly}
        onChange={(event) =>
          onChange(event.target.value as CampaignRole, event.target.value === 'editor' ? policy : {})
        }
      >
        {roles.map((candidate) => (
          <option key={candidate} value={candidate}>
            {t(`campaignRoles.${candidate}`)}
          </option>
        ))}
      </select>
      {role === 'editor' &&
        campaignPermissions.map((flag) => (
          <CheckboxField
            key={flag}
            label={t(`campaignPermissions.${flag}`)}
            checked={policy[flag] === true}
            disabled={disabled}
            onChange={(checked) => onChange(role, { ...policy, [flag]: checked })}
          />
        ))}
    </div>
  );
}
