// The signed-in app: who is signed in, and the way out.
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../contract/users';

interface ShellProps {
  user: CurrentUser;
  impersonated: boolean;
  onLogout: () => void;
}

export function Shell({ user, impersonated, onLogout }: ShellProps) {
  const { t } = useTranslation();
  return (
    <div className="min-h-screen">
      {impersonated && (
        <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
          {t('shell.actingAs', { name: user.name })}
        </p>
      )}
      <header className="flex items-center justify-between border-b border-gray-200 bg-white px-6 py-3">
        <span className="font-semibold text-primary-700">{t('app.name')}</span>
        <div className="flex items-center gap-4 text-sm">
          <span>{t('shell.signedInAs', { name: user.name })}</span>
          <button
            type="button"
            onClick={onLogout}
            className="rounded-md bg-primary-700 px-3 py-1.5 font-medium text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500"
          >
            {t('shell.logout')}
          </button>
        </div>
      </header>
    </div>
  );
}
