// The heading of an organisation's admin pages: its name and the Users / Campaigns / Usage tabs.
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Organisation } from '../../../../contract/users';
import { PageHeader } from '../../components/PageHeader';

type OrganisationTab = 'users' | 'campaigns' | 'usage';

export function OrganisationTabs({
  organisation,
  current,
}: {
  organisation: Organisation;
  current: OrganisationTab;
}) {
  const { t } = useTranslation();
  const label = (key: OrganisationTab) => (key === 'usage' ? t('nav.usage') : t(`organisations.${key}`));
  const tab = (key: OrganisationTab) => (
    <Link
      href={`/organisations/${organisation.id}/${key}`}
      aria-current={current === key ? 'page' : undefined}
      className={`border-b-2 px-1 pb-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-purple-600 ${
        current === key
          ? 'border-purple-700 text-purple-800'
          : 'border-transparent text-gray-600 hover:text-gray-900'
      }`}
    >
      {label(key)}
    </Link>
  );
  return (
    <>
      <PageHeader title={organisation.name} tabTitle={`${label(current)} · ${organisation.name}`} />
      <nav
        aria-label={t('organisations.sections')}
        className="mb-6 flex gap-4 overflow-x-auto border-b border-gray-200 sm:gap-6"
      >
        {tab('users')}
        {tab('campaigns')}
        {tab('usage')}
      </nav>
    </>
  );
}
