// The campaign's phases as an ordered list to edit: add, rename, move, remove phases and their markers, then save
// the whole list; the server analyses the campaign's conversations again and says how many.
import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon } from '@heroicons/react/20/solid';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { phasesMaxCount } from '../../../../contract/conversation-phases';
import { useReplaceCampaignPhases } from '../../../services/queries/conversation-phases';
import { Button } from '../../components/Button';
import { SaveButton } from '../../components/SaveButton';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { useNotify } from '../../components/use-notify';
import { fromPhasesForm, phasesFormSchema, placePhasesRefusals, type PhasesForm } from './phases-form';
import { moveButtonId, PhaseFields } from './PhaseFields';
import { useOrderedListMoves } from '../../components/use-ordered-list-moves';

export function PhasesEditor({ campaignId, values }: { campaignId: string; values: PhasesForm }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const replace = useReplaceCampaignPhases(campaignId);
  const form = useForm<PhasesForm>({ resolver: zodResolver(phasesFormSchema), values });
  const list = useFieldArray({ control: form.control, name: 'phases' });

  const submit = form.handleSubmit((edited) =>
    replace.mutate(
      { phases: fromPhasesForm(edited) },
      {
        onSuccess: ({ reanalysing }) =>
          reanalysing > 0
            ? notify.success('conversationPhases.savedReanalysing', { count: reanalysing })
            : notify.success('conversationPhases.saved'),
        onError: (error) => {
          placePhasesRefusals(form, error);
          notify.failure('conversationPhases.saveFailed', error);
        },
      },
    ),
  );

  const { addButton, move, remove } = useOrderedListMoves(list, moveButtonId);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <UnsavedChangesGuard when={form.formState.isDirty && !replace.isPending} />
      {list.fields.length === 0 ? (
        <p className="text-sm text-gray-600">{t('conversationPhases.none')}</p>
      ) : (
        <ol className="grid gap-3">
          {list.fields.map((field, index) => (
            <li key={field.id}>
              <PhaseFields
                form={form}
                index={index}
                count={list.fields.length}
                onMove={(direction) => move(index, direction)}
                onRemove={() => remove(index)}
              />
            </li>
          ))}
        </ol>
      )}
      <div>
        <Button
          ref={addButton}
          variant="secondary"
          disabled={list.fields.length >= phasesMaxCount}
          onClick={() => list.append({ name: '', markers: [] })}
        >
          <PlusIcon className="size-4" aria-hidden="true" />
          {t('conversationPhases.add')}
        </Button>
      </div>
      <SaveButton changed={form.formState.isDirty} pending={replace.isPending} />
    </form>
  );
}
