// Correcting a conversation after its import: its agent (one of the organisation's agents) and its metadata.
// Only what changed is sent.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation, UpdateConversation } from '../../../../contract/conversations';
import { useCampaign } from '../../../services/queries/campaigns';
import { useUpdateConversation } from '../../../services/queries/conversations';
import { useOrganisationUsers } from '../../../services/queries/organisations';
import { SelectField } from '../../components/fields';
import { FormDialog } from '../../components/FormDialog';
import { useNotify } from '../../components/use-notify';
import { metadataRows, readMetadataRows, sameMetadata, type RowErrors } from './metadata-rows';
import { MetadataRowsEditor } from './MetadataRowsEditor';

function useAgentOptions(conversation: Conversation) {
  const { t } = useTranslation();
  const campaign = useCampaign(conversation.campaign_id);
  const agents = useOrganisationUsers(campaign.data?.organisation_id, 'agent', '');
  const options = (agents.data?.items ?? []).map((agent) => ({ value: agent.id, label: agent.name }));
  const current = conversation.agent;
  if (current && !options.some((option) => option.value === current.id)) {
    options.unshift({ value: current.id, label: current.name });
  }
  if (!current) options.unshift({ value: '', label: t('conversation.facts.noAgent') });
  return { options, loading: campaign.isPending || agents.isPending };
}

export function EditConversationDialog({
  conversation,
  onClose,
}: {
  conversation: Conversation;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const update = useUpdateConversation(conversation.id);
  const agents = useAgentOptions(conversation);
  const [agentId, setAgentId] = useState(conversation.agent?.id ?? '');
  const [rows, setRows] = useState(() => metadataRows(conversation.metadata));
  const [errors, setErrors] = useState<{ rows: RowErrors[]; tooMany: boolean }>({ rows: [], tooMany: false });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reading = readMetadataRows(rows);
    if (!reading.ok) {
      setErrors(reading);
      return;
    }
    setErrors({ rows: [], tooMany: false });
    const changes: UpdateConversation = {};
    if (agentId && agentId !== conversation.agent?.id) changes.agent_id = agentId;
    if (!sameMetadata(reading.metadata, conversation.metadata)) changes.metadata = reading.metadata;
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(changes, {
      onSuccess: () => {
        notify.success('conversation.edit.saved');
        onClose();
      },
      onError: (error) => notify.failure('conversation.edit.saveFailed', error),
    });
  };

  return (
    <FormDialog
      open
      title={t('conversation.edit.title')}
      submitLabel={t('common.save')}
      pending={update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <SelectField
        label={t('conversation.facts.agent')}
        value={agentId}
        options={agents.options}
        disabled={agents.loading}
        onChange={(event) => setAgentId(event.target.value)}
      />
      <MetadataRowsEditor rows={rows} errors={errors.rows} tooMany={errors.tooMany} onChange={setRows} />
    </FormDialog>
  );
}
