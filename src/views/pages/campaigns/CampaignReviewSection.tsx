// A campaign's review rules, editable with can_edit_settings: which conversations are picked for people to review,
// how many, by whom and in how many days, in order; add, change, move, switch off and remove rules, then save the
// whole set at once. A refusal is shown at the field the server names.
import { zodResolver } from '@hookform/resolvers/zod';
import { PlusIcon } from '@heroicons/react/20/solid';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { maxReviewRules, type CampaignReviewer } from '../../../../contract/reviews';
import {
  useCampaignReviewers,
  useReplaceReviewRules,
  useReviewRules,
} from '../../../services/queries/reviews';
import { Button } from '../../components/Button';
import { Loading } from '../../components/Loading';
import { QueryError } from '../../components/QueryError';
import { SaveButton } from '../../components/SaveButton';
import { Section } from '../../components/Section';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { useNotify } from '../../components/use-notify';
import {
  fromReviewRulesForm,
  newRuleForm,
  placeReviewRulesRefusals,
  reviewRulesFormSchema,
  toReviewRulesForm,
  type ReviewRulesForm,
} from './review-rules-form';
import { ReviewRuleFields, ruleMoveButtonId } from './ReviewRuleFields';
import { useOrderedListMoves } from '../../components/use-ordered-list-moves';

export function CampaignReviewSection({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const stored = useReviewRules(campaignId);
  const reviewers = useCampaignReviewers(campaignId);
  const failed = stored.error ?? reviewers.error;
  return (
    <Section title={t('reviewRules.title')} intro={t('reviewRules.intro')}>
      {failed ? (
        <QueryError
          error={failed}
          onRetry={() => {
            if (stored.error) void stored.refetch();
            if (reviewers.error) void reviewers.refetch();
          }}
        />
      ) : stored.data && reviewers.data ? (
        <ReviewRulesEditor
          campaignId={campaignId}
          values={toReviewRulesForm(stored.data)}
          reviewers={reviewers.data}
        />
      ) : (
        <Loading />
      )}
    </Section>
  );
}

function ReviewRulesEditor({
  campaignId,
  values,
  reviewers,
}: {
  campaignId: string;
  values: ReviewRulesForm;
  reviewers: readonly CampaignReviewer[];
}) {
  const { t } = useTranslation();
  const notify = useNotify();
  const replace = useReplaceReviewRules(campaignId);
  const form = useForm<ReviewRulesForm>({ resolver: zodResolver(reviewRulesFormSchema), values });
  const list = useFieldArray({ control: form.control, name: 'rules' });

  const submit = form.handleSubmit((edited) =>
    replace.mutate(fromReviewRulesForm(edited), {
      onSuccess: () => notify.success('reviewRules.saved'),
      onError: (error) => {
        placeReviewRulesRefusals(form, error);
        notify.failure('reviewRules.saveFailed', error);
      },
    }),
  );

  const { addButton, move, remove } = useOrderedListMoves(list, ruleMoveButtonId);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      <UnsavedChangesGuard when={form.formState.isDirty && !replace.isPending} />
      {list.fields.length === 0 ? (
        <p className="text-sm text-gray-600">{t('reviewRules.none')}</p>
      ) : (
        <ol className="grid gap-3">
          {list.fields.map((field, index) => (
            <li key={field.id}>
              <ReviewRuleFields
                campaignId={campaignId}
                form={form}
                index={index}
                count={list.fields.length}
                reviewers={reviewers}
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
          disabled={list.fields.length >= maxReviewRules}
          onClick={() => list.append(newRuleForm())}
        >
          <PlusIcon className="size-4" aria-hidden="true" />
          {t('reviewRules.add')}
        </Button>
      </div>
      <SaveButton changed={form.formState.isDirty} pending={replace.isPending} />
    </form>
  );
}
