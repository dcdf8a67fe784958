// The share of calls, chats and emails, with each type's average score; a slice opens that type's conversations.
import { useTranslation } from 'react-i18next';
import { Cell, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import type { TypeProportion } from '../../../../contract/dashboard-graphs';
import { typeFilter } from '../../../services/dashboards/drill-down-filters';
import type { GraphScope } from '../../../services/dashboards/graph-scope';
import { useTypeProportion } from '../../../services/queries/dashboard-graphs';
import { chartColors } from './chart-style';
import { ChartTooltip } from './ChartTooltip';
import { FigureLink, useDrillDown } from './drill-down';
import { FigureTable } from './FigureTable';
import { formatCount, formatScore, formatShare } from './graph-format';
import { GraphCard } from './GraphCard';

type TypeRow = TypeProportion['types'][number] & { share: number };

const withShares = (data: TypeProportion): TypeRow[] => {
  const total = data.types.reduce((sum, row) => sum + row.conversations, 0);
  return data.types.map((row) => ({ ...row, share: total === 0 ? 0 : row.conversations / total }));
};

export function TypeProportionCard({ scope, className }: { scope: GraphScope; className?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const query = useTypeProportion(scope);
  const drillDown = useDrillDown();
  const typeName = (row: TypeRow) => t(`conversation.types.${row.type}`);

  return (
    <GraphCard
      title={t('dashboards.types.title')}
      className={className}
      query={query}
      isEmpty={(data) => data.types.every((row) => row.conversations === 0)}
      emptyText={t('dashboards.types.empty')}
      chart={(data) => (
        <div className="flex flex-wrap items-center gap-4">
          <div className="h-48 w-48 shrink-0">
            <ResponsiveContainer width="100%" height="100%">
              <PieChart accessibilityLayer={false}>
                <Pie
                  data={withShares(data).filter((row) => row.conversations > 0)}
                  dataKey="conversations"
                  nameKey="type"
                  innerRadius="55%"
                  outerRadius="95%"
                  rootTabIndex={-1}
                  isAnimationActive={false}
                  cursor="pointer"
                  onClick={(entry: { payload?: TypeRow }) =>
                    entry.payload &&
                    drillDown({ figure: typeFilter(entry.payload.type), label: typeName(entry.payload) })
                  }
                >
                  {withShares(data)
                    .filter((row) => row.conversations > 0)
                    .map((row) => (
                      <Cell key={row.type} fill={chartColors.types[row.type]} />
                    ))}
                </Pie>
                <Tooltip
                  content={
                    <ChartTooltip<TypeRow>
                      describe={(row) => ({
                        title: typeName(row),
                        lines: [
                          {
                            label: t('dashboards.conversations'),
                            value: formatCount(row.conversations, locale),
                          },
                          { label: t('dashboards.share'), value: formatShare(row.share, locale) },
                          {
                            label: t('dashboards.averageScore'),
                            value: formatScore(row.average_score, locale),
                          },
                        ],
                      })}
                    />
                  }
                />
              </PieChart>
            </ResponsiveContainer>
          </div>
          <ul className="flex flex-col gap-2 text-sm">
            {withShares(data).map((row) => (
              <li key={row.type} className="flex items-center gap-2">
                <span className="size-3 rounded-sm" style={{ background: chartColors.types[row.type] }} />
                <span className="text-gray-800">{typeName(row)}</span>
                <span className="font-semibold text-gray-900 tabular-nums">
                  {formatShare(row.share, locale)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      table={(data) => (
        <FigureTable
          caption={t('dashboards.types.title')}
          rows={withShares(data)}
          rowKey={(row) => row.type}
          columns={[
            {
              header: t('dashboards.types.type'),
              cell: (row) => (
                <FigureLink figure={typeFilter(row.type)} label={typeName(row)}>
                  {typeName(row)}
                </FigureLink>
              ),
            },
            {
              header: t('dashboards.conversations'),
              cell: (row) => formatCount(row.conversations, locale),
              numeric: true,
            },
            { header: t('dashboards.share'), cell: (row) => formatShare(row.share, locale), numeric: true },
            {
              header: t('dashboards.averageScore'),
              cell: (row) => formatScore(row.average_score, locale),
              numeric: true,
            },
          ]}
        />
      )}
    />
  );
}
