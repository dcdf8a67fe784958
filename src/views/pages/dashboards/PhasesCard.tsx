// The conversation phases' average duration: seconds on calls; turns and elapsed time on chats and emails. The
// chart draws the calls' durations when calls were timed, else the written conversations' turns, each phase that
// has the figure (phasesChart); the table shows them all. Phases are a campaign's own, named in its language: with
// several campaigns in scope the card asks for one.
import { useTranslation } from 'react-i18next';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { phasesChart, type ChartedPhase } from '../../../services/dashboards/phases-chart';
import { usePhasesAverageDuration } from '../../../services/queries/dashboard-graphs';
import { FigureTable } from './FigureTable';
import { formatCount, formatDuration, formatScore } from './graph-format';
import { GraphCard } from './GraphCard';
import { HorizontalBars } from './HorizontalBars';

export function PhasesCard({ scope, className }: { scope: GraphScope; className?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = usePhasesAverageDuration(scope);
  const turns = (value: number | null) => formatScore(value, locale);

  return (
    <GraphCard
      title={t('dashboards.phases.title')}
      className={className}
      query={query}
      isEmpty={(data) => data.phases.length === 0}
      emptyText={t('dashboards.phases.empty')}
      unavailable={scope.campaigns.length > 1 ? t('dashboards.phases.oneCampaign') : undefined}
      chart={(data) => {
        const { measure, rows } = phasesChart(data.phases);
        return measure === 'calls' ? (
          <HorizontalBars<ChartedPhase>
            rows={rows}
            name={({ phase }) => phase.name}
            value={({ value }) => value}
            formatValue={(seconds) => formatDuration(seconds, locale)}
            tooltip={({ phase }) => [
              {
                label: t('dashboards.phases.callDuration'),
                value: formatDuration(phase.calls.average_duration_s, locale),
              },
              { label: t('dashboards.phases.calls'), value: formatCount(phase.calls.conversations, locale) },
            ]}
          />
        ) : (
          <HorizontalBars<ChartedPhase>
            rows={rows}
            name={({ phase }) => phase.name}
            value={({ value }) => value}
            formatValue={turns}
            tooltip={({ phase }) => [
              { label: t('dashboards.phases.turns'), value: turns(phase.chats_and_emails.average_turns) },
              {
                label: t('dashboards.phases.elapsed'),
                value: formatDuration(phase.chats_and_emails.average_elapsed_s, locale),
              },
            ]}
          />
        );
      }}
      footnote={(data) =>
        phasesChart(data.phases).measure === 'calls'
          ? t('dashboards.phases.callsShown')
          : t('dashboards.phases.writtenShown')
      }
      table={(data) => (
        <FigureTable
          caption={t('dashboards.phases.title')}
          rows={data.phases}
          rowKey={(phase) => phase.name}
          columns={[
            { header: t('dashboards.phases.phase'), cell: (phase) => phase.name },
            {
              header: t('dashboards.phases.callDuration'),
              cell: (phase) => formatDuration(phase.calls.average_duration_s, locale),
              numeric: true,
            },
            {
              header: t('dashboards.phases.turns'),
              cell: (phase) => turns(phase.chats_and_emails.average_turns),
              numeric: true,
            },
            {
              header: t('dashboards.phases.elapsed'),
              cell: (phase) => formatDuration(phase.chats_and_emails.average_elapsed_s, locale),
              numeric: true,
            },
          ]}
        />
      )}
    />
  );
}
