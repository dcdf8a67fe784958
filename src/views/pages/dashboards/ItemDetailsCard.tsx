// The grid items evaluations score lowest, with how often they were answered; an item opens the conversations
// whose evaluation missed it. The chart shows the weakest ones, the table every scored item.
import { useTranslation } from 'react-i18next';
import { missedItemFilter } from '../../../services/dashboards/drill-down-filters';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { weakestItems, type ScoredItem } from '../../../services/dashboards/weakest-items';
import { useItemDetails } from '../../../services/queries/dashboard-graphs';
import { scoreColor } from './chart-style';
import { FigureLink, useDrillDown } from './drill-down';
import { FigureTable } from './FigureTable';
import { formatCount, formatScore } from './graph-format';
import { GraphCard } from './GraphCard';
import { HorizontalBars } from './HorizontalBars';

export function ItemDetailsCard({
  scope,
  shown = 10,
  className,
}: {
  scope: GraphScope;
  /** Items drawn as bars. */
  shown?: number;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = useItemDetails(scope);
  const drillDown = useDrillDown();
  const label = (item: ScoredItem) => `${item.section_name} · ${item.name}`;

  return (
    <GraphCard
      title={t('dashboards.items.title')}
      className={className}
      query={query}
      isEmpty={(data) => weakestItems(data.items).length === 0}
      emptyText={t('dashboards.items.empty')}
      chart={(data) => (
        <HorizontalBars<ScoredItem>
          rows={weakestItems(data.items, shown)}
          name={(item) => item.name}
          value={(item) => item.average_score}
          max={100}
          formatValue={(score) => formatScore(score, locale)}
          color={(item) => scoreColor(item.average_score)}
          tooltip={(item) => [
            { label: t('dashboards.items.section'), value: item.section_name },
            { label: t('dashboards.averageScore'), value: formatScore(item.average_score, locale) },
            { label: t('dashboards.items.answered'), value: formatCount(item.answered, locale) },
          ]}
          onOpen={(item) => drillDown({ figure: missedItemFilter(item.id), label: label(item) })}
        />
      )}
      table={(data) => (
        <FigureTable
          caption={t('dashboards.items.title')}
          rows={weakestItems(data.items)}
          rowKey={(item) => item.id}
          columns={[
            {
              header: t('dashboards.items.item'),
              cell: (item) => (
                <FigureLink figure={missedItemFilter(item.id)} label={label(item)}>
                  {item.name}
                </FigureLink>
              ),
            },
            { header: t('dashboards.items.section'), cell: (item) => item.section_name },
            {
              header: t('dashboards.items.answered'),
              cell: (item) => formatCount(item.answered, locale),
              numeric: true,
            },
            {
              header: t('dashboards.averageScore'),
              cell: (item) => formatScore(item.average_score, locale),
              numeric: true,
            },
          ]}
        />
      )}
    />
  );
}
