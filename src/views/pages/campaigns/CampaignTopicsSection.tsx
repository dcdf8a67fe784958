// A campaign's topics, editable with can_edit_settings: add, rename and remove topics and their keywords. Saving
// changed topics has the server analyse the campaign's conversations again, so the list's topics follow.
import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon } from '@heroicons/react/20/solid';
import { useRef } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { topicsMaxCount, type Campaign } from '../../../../contract/campaigns';
import { useCampaignTopics, useReplaceCampaignTopics } from '../../../services/queries/campaigns';
import { Button } from '../../components/Button';
import { QueryError } from '../../components/QueryError';
import { Loading } from '../../components/Loading';
import { SaveButton } from '../../components/SaveButton';
import { Section } from '../../components/Section';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { useNotify } from '../../components/use-notify';
import { fromTopicsForm, toTopicsForm, topicsFormSchema, type TopicsForm } from './topics-form';
import { TopicFields } from './TopicFields';

export function CampaignTopicsSection({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation();
  const stored = useCampaignTopics(campaign.id);
  return (
    <Section title={t('topics.title')} intro={t('topics.intro')}>
      {stored.error ? (
        <QueryError error={stored.error} onRetry={() => void stored.refetch()} />
      ) : stored.data ? (
        <TopicsEditor campaignId={campaign.id} values={toTopicsForm(stored.data.topics)} />
      ) : (
        <Loading />
      )}
    </Section>
  );
}

function TopicsEditor({ campaignId, values }: { campaignId: string; values: TopicsForm }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const replace = useReplaceCampaignTopics(campaignId);
  const addButton = useRef<HTMLButtonElement>(null);
  const form = useForm<TopicsForm>({ resolver: zodResolver(topicsFormSchema), values });
  const list = useFieldArray({ control: form.control, name: 'topics' });

  const submit = form.handleSubmit((form) =>
    replace.mutate(
      { topics: fromTopicsForm(form) },
      {
        onSuccess: ({ reanalysing }) =>
          reanalysing > 0
            ? notify.success('topics.savedReanalysing', { count: reanalysing })
            : notify.success('topics.saved'),
        onError: (error) => notify.failure('topics.saveFailed', error),
      },
    ),
  );

  const remove = (index: number) => {
    list.remove(index);
    addButton.current?.focus();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <UnsavedChangesGuard when={form.formState.isDirty && !replace.isPending} />
      {list.fields.length === 0 ? (
        <p className="text-sm text-gray-600">{t('topics.none')}</p>
      ) : (
        <ul className="grid gap-3">
          {list.fields.map((field, index) => (
            <li key={field.id}>
              <TopicFields form={form} index={index} onRemove={() => remove(index)} />
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          ref={addButton}
          variant="secondary"
          disabled={list.fields.length >= topicsMaxCount}
          onClick={() => list.append({ name: '', keywords: '' })}
        >
          <PlusIcon className="size-4" aria-hidden="true" />
          {t('topics.add')}
        </Button>
      </div>
      <SaveButton changed={form.formState.isDirty} pending={replace.isPending} />
    </form>
  );
}
