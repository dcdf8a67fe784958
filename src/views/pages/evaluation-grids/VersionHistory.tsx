// The grid's published versions, newest first, each with its date; any one can be opened to read it.
import { useTranslation } from 'react-i18next';
import { useEvaluationGridVersions } from '../../../services/queries/evaluation-grids';
import { Button } from '../../components/Button';
import { formatDateTime } from '../../components/format';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { Section } from '../../components/Section';

interface VersionHistoryProps {
  gridId: string;
  currentVersion: number;
  /** The version shown, or null for the current one. */
  shown: number | null;
  onShow: (version: number | null) => void;
}

export function VersionHistory({ gridId, currentVersion, shown, onShow }: VersionHistoryProps) {
  const { t, i18n } = useTranslation();
  const versions = useEvaluationGridVersions(gridId);
  return (
    <Section title={t('evaluationGrid.history')}>
      {versions.error ? (
        <QueryError error={versions.error} onRetry={() => void versions.refetch()} />
      ) : !versions.data ? (
        <Loading />
      ) : versions.data.length === 0 ? (
        <p className="text-sm text-gray-600">{t('evaluationGrid.noVersions')}</p>
      ) : (
        <ul aria-label={t('evaluationGrid.history')} className="grid gap-2">
          {versions.data.map(({ version, created_at }) => {
            const isCurrent = version === currentVersion;
            const isShown = (shown ?? currentVersion) === version;
            return (
              <li key={version} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  {t('evaluationGrid.versionLine', {
                    version,
                    date: formatDateTime(created_at, i18n.language),
                  })}
                  {isCurrent && ` · ${t('evaluationGrid.current')}`}
                </span>
                {isShown ? (
                  <span className="text-gray-600">{t('evaluationGrid.shown')}</span>
                ) : (
                  <Button variant="secondary" onClick={() => onShow(isCurrent ? null : version)}>
                    {t('evaluationGrid.showVersion', { version })}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}
