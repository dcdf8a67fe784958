// The batch's agent: one of the organisation's agents (disabled accounts aside), or none: chats and emails then read
// it from each file; calls, whose files name no agent, wait until one is chosen (or "No agent" is, explicitly).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganisationUsers } from '../../../services/queries/organisations';
import type { Agent } from '../../../services/conversation-files/drafts';
import type { UploadKind } from '../../../services/conversation-ingestion/upload-items';
import { SelectField } from '../../components/fields';

/** The select's value for calls uploaded without an agent (chosen, not left as it was). */
const noAgent = 'none';

export function useAgentChoice(kind: UploadKind, organisationId: string | undefined) {
  const users = useOrganisationUsers(organisationId, 'agent', '');
  const [agentId, setAgentId] = useState('');
  const candidates = (users.data?.items ?? []).filter((user) => user.status !== 'disabled');
  const agents: Agent[] = candidates.map(({ id, email }) => ({ id, email }));
  return {
    candidates,
    agents,
    agentId,
    setAgentId,
    batchAgent: agents.find((agent) => agent.id === agentId) ?? null,
    loaded: users.isSuccess,
    /** Files are read only once the agents are known (they may name them by address), and calls' agent chosen. */
    ready: users.isSuccess && (kind !== 'calls' || agentId !== ''),
    /** Calls wait for their agent to be chosen. */
    waitsForAgent: users.isSuccess && kind === 'calls' && agentId === '',
    failed: users.isError,
  };
}

export function AgentChoice({
  kind,
  choice,
}: {
  kind: UploadKind;
  choice: ReturnType<typeof useAgentChoice>;
}) {
  const { t } = useTranslation();
  return (
    <div className="max-w-md">
      <SelectField
        label={t('upload.agent')}
        value={choice.agentId}
        onChange={(event) => choice.setAgentId(event.target.value)}
        disabled={!choice.loaded}
        options={[
          ...(kind === 'calls'
            ? [
                { value: '', label: t('upload.chooseAgent'), disabled: true },
                { value: noAgent, label: t('upload.noAgent') },
              ]
            : [{ value: '', label: t('upload.agentFromFile') }]),
          ...choice.candidates.map((user) => ({ value: user.id, label: `${user.name} — ${user.email}` })),
        ]}
      />
      {choice.waitsForAgent && <p className="mt-1 text-sm text-gray-600">{t('upload.chooseAgentFirst')}</p>}
      {choice.failed && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('upload.agentsFailed')}
        </p>
      )}
    </div>
  );
}
