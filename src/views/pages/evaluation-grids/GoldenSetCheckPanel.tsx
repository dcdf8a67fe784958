// The golden-set check before publishing: the draft, as edited, and the current version run by rules on the
// campaign's validated conversations, with each item's agreement with the answers people validated, so a
// supervisor sees what a change does before it reaches agents.
import { useTranslation } from 'react-i18next';
import type {
  GoldenSetAgreement,
  GoldenSetCheck,
  GoldenSetItem,
} from '../../../../contract/golden-set-check';
import { useGoldenSetCheck } from '../../../services/queries/golden-set-check';
import { Button } from '../../components/Button';
import { DataTable, type Column } from '../../components/DataTable';
import { QueryError } from '../../components/QueryError';
import { Section } from '../../components/Section';
import { useNotify } from '../../components/use-notify';
import { placeRefusals, useGridEditing } from './grid-editing';
import { fromGridForm } from './grid-form';

type Row = GoldenSetItem & { key: string };

function useAgreementText() {
  const { t, i18n } = useTranslation();
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const points = new Intl.NumberFormat(i18n.language, {
    signDisplay: 'exceptZero',
    maximumFractionDigits: 0,
  });
  return {
    agreement: (agreement: GoldenSetAgreement | null) => {
      if (!agreement) return t('evaluationGrid.goldenSet.notInCurrent');
      if (agreement.not_evaluated_reason) return t('evaluationGrid.goldenSet.notEvaluated');
      if (agreement.rate === null) return t('evaluationGrid.goldenSet.noAnswers');
      return t('evaluationGrid.goldenSet.rate', {
        rate: percent.format(agreement.rate),
        agreed: agreement.agreed,
        compared: agreement.compared,
      });
    },
    change: (draft: GoldenSetAgreement, current: GoldenSetAgreement | null) =>
      draft.rate === null || current?.rate === null || current?.rate === undefined
        ? '—'
        : t('evaluationGrid.goldenSet.points', { points: points.format((draft.rate - current.rate) * 100) }),
  };
}

function Results({ result }: { result: GoldenSetCheck }) {
  const { t } = useTranslation();
  const text = useAgreementText();
  const { current_version: version } = result;
  if (result.validated_conversations === 0) {
    return <p className="text-sm text-gray-600">{t('evaluationGrid.goldenSet.empty')}</p>;
  }
  const columns: Column<Row>[] = [
    {
      key: 'item',
      header: t('evaluationGrid.goldenSet.item'),
      cell: (row) => (
        <span className="block">
          <span className="block font-medium text-gray-900">{row.name}</span>
          <span className="block text-xs text-gray-600">{row.section_name}</span>
        </span>
      ),
    },
    { key: 'draft', header: t('evaluationGrid.goldenSet.draft'), cell: (row) => text.agreement(row.draft) },
    ...(version === null
      ? []
      : [
          {
            key: 'current',
            header: t('evaluationGrid.goldenSet.current', { version }),
            cell: (row: Row) => text.agreement(row.current),
          },
          {
            key: 'change',
            header: t('evaluationGrid.goldenSet.change'),
            cell: (row: Row) => text.change(row.draft, row.current),
          },
        ]),
  ];
  const capped = result.conversations_checked < result.validated_conversations;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-gray-700">
        {capped
          ? t('evaluationGrid.goldenSet.capped', {
              checked: result.conversations_checked,
              total: result.validated_conversations,
              limit: result.limit,
            })
          : t('evaluationGrid.goldenSet.checked', { count: result.conversations_checked })}{' '}
        {version === null
          ? t('evaluationGrid.goldenSet.nothingPublished')
          : t('evaluationGrid.goldenSet.comparedWith', { version })}
      </p>
      <DataTable
        label={t('evaluationGrid.goldenSet.table')}
        columns={columns}
        rows={result.items.map((item, index) => ({ ...item, key: item.item_id ?? `new-${index}` }))}
        rowKey={(row) => row.key}
        loading={false}
        error={false}
        onRetry={() => undefined}
        emptyText={t('evaluationGrid.testPanel.noItems')}
        footer={
          <p className="border-t border-gray-200 px-4 py-3 text-sm text-gray-800">
            <span className="font-medium">{t('evaluationGrid.goldenSet.total')}</span>
            {' · '}
            {t('evaluationGrid.goldenSet.draft')} {text.agreement(result.totals.draft)}
            {version !== null && (
              <>
                {' · '}
                {t('evaluationGrid.goldenSet.current', { version })} {text.agreement(result.totals.current)}
              </>
            )}
          </p>
        }
      />
      <p
        className={`rounded-lg p-3 text-sm ${result.auto_failed.draft > (result.auto_failed.current ?? 0) ? 'bg-amber-50 text-amber-900' : 'bg-gray-50 text-gray-800'}`}
      >
        {t('evaluationGrid.goldenSet.autoFailedDraft', {
          count: result.auto_failed.draft,
          checked: result.conversations_checked,
        })}
        {result.auto_failed.current !== null &&
          ` ${t('evaluationGrid.goldenSet.autoFailedCurrent', { count: result.auto_failed.current, version })}`}
      </p>
      <p className="text-xs text-gray-600">{t('evaluationGrid.goldenSet.excluded')}</p>
    </div>
  );
}

export function GoldenSetCheckPanel({ gridId }: { gridId: string }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { form } = useGridEditing();
  const check = useGoldenSetCheck(gridId);

  const run = form.handleSubmit(
    (values) =>
      check.mutate(fromGridForm(values), {
        onError: (error) => {
          if (placeRefusals(form, error)) notify.error('evaluationGrid.goldenSet.fixFields');
        },
      }),
    () => notify.error('evaluationGrid.goldenSet.fixFields'),
  );

  return (
    <Section title={t('evaluationGrid.goldenSet.title')} intro={t('evaluationGrid.goldenSet.intro')}>
      <div className="grid gap-4">
        <div>
          <Button variant="secondary" onClick={() => void run()} disabled={check.isPending}>
            {check.isPending
              ? t('evaluationGrid.goldenSet.running')
              : check.data
                ? t('evaluationGrid.goldenSet.rerun')
                : t('evaluationGrid.goldenSet.run')}
          </Button>
        </div>
        <div aria-live="polite" aria-busy={check.isPending}>
          {check.isPending ? (
            <p className="text-sm text-gray-600">{t('evaluationGrid.goldenSet.running')}</p>
          ) : check.isError ? (
            <QueryError error={check.error} onRetry={() => void run()} />
          ) : (
            check.data && <Results result={check.data} />
          )}
        </div>
      </div>
    </Section>
  );
}
