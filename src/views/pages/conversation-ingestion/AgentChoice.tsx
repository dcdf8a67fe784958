// The batch's agent: one of the organisation's agents (disabled accounts aside), or none: calls then have no
// agent, chats and emails read it from each file.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganisationUsers } from '../../../services/queries/organisations';
import type { Agent } from '../../../services/conversation-files/drafts';
import type { UploadKind } from '../../../services/conversation-ingestion/upload-items';
import { SelectField } from '../../components/fields';

export function useAgentChoice(organisationId: string | undefined) {
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
    /** Files are read only once the agents are known: they may name them by address. */
    ready: users.isSuccess,
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
        disabled={!choice.ready}
        options={[
          { value: '', label: t(kind === 'calls' ? 'upload.noAgent' : 'upload.agentFromFile') },
          ...choice.candidates.map((user) => ({ value: user.id, label: `${user.name} — ${user.email}` })),
        ]}
      />
      {choice.failed && (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {t('upload.agentsFailed')}
        </p>
      )}
    </div>
  );
}
