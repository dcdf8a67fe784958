// Shown while an admin is logged in as another user.
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/users';
import { leaveImpersonation } from '../session/sign-out';

export function ImpersonationBanner({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 bg-amber-100 px-4 py-2 text-sm text-amber-950"
    >
      <span>{t('impersonation.banner', { name: user.name, email: user.email })}</span>
      <button
        type="button"
        onClick={leaveImpersonation}
        className="rounded-md bg-amber-950 px-3 py-1 font-medium text-amber-50 hover:bg-amber-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-950"
      >
        {t('impersonation.leave')}
      </button>
    </div>
  );
}
