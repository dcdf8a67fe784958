// A user's account status as a coloured badge.
import { useTranslation } from 'react-i18next';
import type { UserStatus } from '../../../../contract/enums';

const colours: Record<UserStatus, string> = {
  active: 'bg-green-100 text-green-800',
  invited: 'bg-amber-100 text-amber-900',
  disabled: 'bg-gray-200 text-gray-700',
};

export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${colours[status]}`}>
      {t(`users.statuses.${status}`)}
    </span>
  );
}
