// The conversations' topics, the most frequent first, with their average score and share of negative sentiment;
// a topic opens its conversations. The chart shows the first ones, the table all of them.
import { useTranslation } from 'react-i18next';
import type { TopicsAnalysis } from '../../../../contract/dashboard-graphs';
import { topicFilter } from '../../../services/dashboards/drill-down-filters';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { useTopicsAnalysis } from '../../../services/queries/dashboard-graphs';
import { FigureLink, useDrillDown } from './drill-down';
import { FigureTable } from './FigureTable';
import { formatCount, formatScore, formatShare } from './graph-format';
import { GraphCard } from './GraphCard';
import { HorizontalBars } from './HorizontalBars';

type Topic = TopicsAnalysis['topics'][number];

/** Topics drawn as bars; the table lists every one. */
const chartedTopics = 12;

export function TopicsCard({ scope, className }: { scope: GraphScope; className?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = useTopicsAnalysis(scope);
  const drillDown = useDrillDown();

  return (
    <GraphCard
      title={t('dashboards.topics.title')}
      className={className}
      query={query}
      isEmpty={(data) => data.topics.length === 0}
      emptyText={t('dashboards.topics.empty')}
      chart={(data) => (
        <HorizontalBars<Topic>
          rows={data.topics.slice(0, chartedTopics)}
          name={(topic) => topic.topic}
          value={(topic) => topic.conversations}
          formatValue={(count) => formatCount(count, locale)}
          tooltip={(topic) => [
            { label: t('dashboards.conversations'), value: formatCount(topic.conversations, locale) },
            { label: t('dashboards.averageScore'), value: formatScore(topic.average_score, locale) },
            {
              label: t('dashboards.negativeShare'),
              value: formatShare(topic.negative_sentiment_share, locale),
            },
          ]}
          onOpen={(topic) => drillDown({ figure: topicFilter(topic.topic), label: topic.topic })}
        />
      )}
      footnote={(data) =>
        data.topics.length > chartedTopics
          ? t('dashboards.topics.more', { shown: chartedTopics, count: data.topics.length })
          : null
      }
      table={(data) => (
        <FigureTable
          caption={t('dashboards.topics.title')}
          rows={data.topics}
          rowKey={(topic) => topic.topic}
          columns={[
            {
              header: t('dashboards.topics.topic'),
              cell: (topic) => (
                <FigureLink figure={topicFilter(topic.topic)} label={topic.topic}>
                  {topic.topic}
                </FigureLink>
              ),
            },
            {
              header: t('dashboards.conversations'),
              cell: (topic) => formatCount(topic.conversations, locale),
              numeric: true,
            },
            {
              header: t('dashboards.averageScore'),
              cell: (topic) => formatScore(topic.average_score, locale),
              numeric: true,
            },
            {
              header: t('dashboards.negativeShare'),
              cell: (topic) => formatShare(topic.negative_sentiment_share, locale),
              numeric: true,
            },
          ]}
        />
      )}
    />
  );
}
