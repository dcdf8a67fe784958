// The home dashboard (spec §2): the graphs of the home filters' scope. With no campaign chosen it reads every
// campaign the user reads, up to the graphs' limit (the first by name), and says so when there are more.
import { InformationCircleIcon } from '@heroicons/react/20/solid';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { maxGraphCampaigns } from '../../../../contract/values/dashboards';
import { FiltersActorContext } from '../../../machines/filters/provider';
import { homeScope } from '../../../services/dashboards/graph-scope';
import { useCampaignOptions } from '../../../services/queries/filter-options';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { LazyDashboard, preloadDashboard } from '../dashboards/lazy-dashboards';

export function HomeDashboard({ ownFigures }: { ownFigures: boolean }) {
  const { t } = useTranslation();
  const home = FiltersActorContext.useSelector((snapshot) => snapshot.context.home);
  const campaigns = useCampaignOptions('');
  const readable = (campaigns.data?.campaigns ?? []).slice(0, maxGraphCampaigns).map(({ id }) => id);
  const scope = homeScope(home, readable, { ownFigures });
  const allRead = home.campaigns.length > 0 || !campaigns.hasNextPage;
  // The graphs' code loads while the campaigns are read, not after.
  useEffect(() => preloadDashboard(ownFigures), [ownFigures]);

  if (home.campaigns.length === 0) {
    if (campaigns.isError)
      return <QueryError error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
    if (campaigns.isPending) return <Loading />;
    if (readable.length === 0)
      return <p className="mt-6 text-sm text-gray-600">{t('dashboards.noCampaigns')}</p>;
  }
  return (
    <div className="mt-6 flex flex-col gap-4">
      {!allRead && (
        <p className="flex items-center gap-2 text-sm text-gray-700">
          <InformationCircleIcon className="size-4 shrink-0 text-purple-600" aria-hidden="true" />
          {t('dashboards.firstCampaigns', { count: maxGraphCampaigns })}
        </p>
      )}
      <LazyDashboard scope={scope} ownFigures={ownFigures} />
    </div>
  );
}
