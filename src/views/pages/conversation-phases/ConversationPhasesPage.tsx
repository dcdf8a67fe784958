// `/campaigns/{id}/conversation-phases`: the phases a campaign's conversations go through, in order, each found
// by its marker phrases. Those who may edit the campaign's settings edit them; other readers see them.
import { useTranslation } from 'react-i18next';
import type { PhaseDefinition } from '../../../../contract/conversation-phases';
import type { CurrentUser } from '../../../../contract/users';
import { useCampaignPhases } from '../../../services/queries/conversation-phases';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { PageLoadError } from '../../components/PageLoadError';
import { Section } from '../../components/Section';
import { useCampaignView } from '../campaigns/use-campaign-view';
import { toPhasesForm } from './phases-form';
import { PhasesEditor } from './PhasesEditor';

function PhasesList({ phases }: { phases: PhaseDefinition[] }) {
  const { t } = useTranslation();
  if (phases.length === 0) return <p className="text-sm text-gray-600">{t('conversationPhases.noneYet')}</p>;
  return (
    <ol className="grid gap-3">
      {phases.map((phase, index) => (
        <li key={phase.name} className="flex gap-3 rounded-lg p-3 ring-1 ring-gray-200">
          <span
            aria-hidden="true"
            className="grid size-7 shrink-0 place-items-center rounded-full bg-purple-700 text-sm font-semibold text-white"
          >
            {index + 1}
          </span>
          <div className="min-w-0">
            <p className="font-medium text-gray-900">{phase.name}</p>
            <ul
              className="mt-1 flex flex-wrap gap-1.5"
              aria-label={t('conversationPhases.markersOf', { phase: phase.name })}
            >
              {phase.markers.map((marker) => (
                <li
                  key={marker}
                  className="rounded-full bg-purple-50 px-2.5 py-0.5 text-sm text-purple-900 ring-1 ring-purple-200"
                >
                  {marker}
                </li>
              ))}
            </ul>
          </div>
        </li>
      ))}
    </ol>
  );
}

export default function ConversationPhasesPage({
  campaignId,
  user,
}: {
  campaignId: string;
  user: CurrentUser;
}) {
  const { t } = useTranslation();
  const view = useCampaignView(campaignId, user);
  const phases = useCampaignPhases(campaignId);
  const error = view.error ?? phases.error;
  if (error)
    return <PageLoadError error={error} onRetry={() => void Promise.all([view.retry(), phases.refetch()])} />;
  if (view.pending || !view.campaign || !phases.data) return <Loading />;
  const editable = view.abilities?.editSettings ?? false;
  return (
    <>
      <PageHeader
        title={`${t('pages.titles.conversationPhases')} · ${view.campaign.name}`}
        intro={t('conversationPhases.intro')}
      />
      <Section
        title={t('conversationPhases.title')}
        intro={t(editable ? 'conversationPhases.howToEdit' : 'conversationPhases.readOnly')}
      >
        {editable ? (
          <PhasesEditor campaignId={campaignId} values={toPhasesForm(phases.data.phases)} />
        ) : (
          <PhasesList phases={phases.data.phases} />
        )}
      </Section>
    </>
  );
}
