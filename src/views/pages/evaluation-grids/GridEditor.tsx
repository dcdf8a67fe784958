// The grid's sections and additional scores in one form. Edited, it publishes a new version or saves the form as the
// grid's draft (server refusals shown next to their fields, both buttons kept in sight at the bottom of the
// screen), opens on the saved draft when there is one, and its items can be tested and the draft checked against
// the validated conversations first; shown only (a viewer, an older version), every field is locked and nothing is
// offered.
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState, type ReactNode } from 'react';
import { FormProvider, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  evaluationGridLimits,
  type EvaluationGridDraft,
  type PublishEvaluationGrid,
} from '../../../../contract/evaluation-grids';
import {
  usePublishEvaluationGrid,
  useSaveEvaluationGridDraft,
} from '../../../services/queries/evaluation-grids';
import { Button } from '../../components/Button';
import { SaveButton } from '../../components/SaveButton';
import { Section } from '../../components/Section';
import { UnsavedChangesGuard } from '../../components/UnsavedChangesGuard';
import { useNotify } from '../../components/use-notify';
import { AddButton } from './AddButton';
import { AdditionalScoresFields } from './AdditionalScoresFields';
import { DraftLine } from './DraftLine';
import { GoldenSetCheckPanel } from './GoldenSetCheckPanel';
import { fromGridForm, gridFormSchema, newSection, toGridForm, type GridForm } from './grid-form';
import { placeRefusals, ReadOnlyContext, useGridEditing } from './grid-editing';
import { ItemTestPanel } from './ItemTestPanel';
import { ItemTestTargetContext } from './item-test-target';
import { ListControls } from './ListControls';
import { SectionFields } from './SectionFields';

interface PublishTarget {
  campaignId: string;
  gridId: string;
  /** The grid's saved draft, which the form then holds instead of the current version. */
  draft: EvaluationGridDraft | null;
}

interface GridEditorProps {
  /** A version of the grid, or its draft (whose new parts have no id yet). */
  content: PublishEvaluationGrid;
  /** Where to publish; absent when the grid is only shown. */
  publishTo?: PublishTarget | undefined;
}

export function GridEditor({ content, publishTo }: GridEditorProps) {
  const form = useForm<GridForm>({
    resolver: zodResolver(gridFormSchema),
    values: toGridForm(publishTo?.draft ?? content),
  });
  const [tested, setTested] = useState('0.0');
  const testTarget = useMemo(() => ({ chosen: tested, choose: setTested }), [tested]);
  return (
    <FormProvider {...form}>
      <ItemTestTargetContext.Provider value={publishTo ? testTarget : null}>
        <ReadOnlyContext.Provider value={publishTo === undefined}>
          {publishTo ? (
            <div className="grid gap-6">
              <PublishForm {...publishTo}>
                <GridParts />
              </PublishForm>
              {/* Outside the form: pressing Enter in them must not publish. */}
              <ItemTestPanel campaignId={publishTo.campaignId} />
              <GoldenSetCheckPanel gridId={publishTo.gridId} />
            </div>
          ) : (
            <fieldset disabled className="contents">
              <GridParts />
            </fieldset>
          )}
        </ReadOnlyContext.Provider>
      </ItemTestTargetContext.Provider>
    </FormProvider>
  );
}

function PublishForm({ campaignId, gridId, draft, children }: PublishTarget & { children: ReactNode }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const { form } = useGridEditing();
  const publish = usePublishEvaluationGrid(campaignId, gridId);
  const saveDraft = useSaveEvaluationGridDraft(gridId);
  const pending = publish.isPending || saveDraft.isPending;

  const submit = form.handleSubmit(
    (values) =>
      publish.mutate(fromGridForm(values), {
        onSuccess: (grid) => notify.success('evaluationGrid.published', { version: grid.version }),
        onError: (error) =>
          notify.failure(
            placeRefusals(form, error) ? 'evaluationGrid.refusedFields' : 'evaluationGrid.publishFailed',
            error,
          ),
      }),
    () => notify.error('evaluationGrid.fixFields'),
  );

  const save = form.handleSubmit(
    (values) =>
      saveDraft.mutate(fromGridForm(values), {
        onSuccess: () => notify.success('evaluationGrid.draft.savedToast'),
        onError: (error) =>
          notify.failure(
            placeRefusals(form, error)
              ? 'evaluationGrid.draft.refusedFields'
              : 'evaluationGrid.draft.saveFailed',
            error,
          ),
      }),
    () => notify.error('evaluationGrid.fixFields'),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6">
      <UnsavedChangesGuard when={form.formState.isDirty && !pending} />
      {draft && <DraftLine gridId={gridId} draft={draft} />}
      {children}
      <div className="sticky bottom-0 -mx-2 rounded-t-lg bg-gray-50 px-2 py-3 shadow-[0_-4px_8px_-4px_rgb(0_0_0/0.12)] ring-1 ring-gray-200">
        <SaveButton
          // A saved draft is a change to publish even when the form holds nothing more.
          changed={form.formState.isDirty || draft !== null}
          pending={pending}
          label="evaluationGrid.publish"
          beside={
            <Button
              variant="secondary"
              onClick={() => void save()}
              disabled={pending || !form.formState.isDirty}
            >
              {saveDraft.isPending ? t('common.working') : t('evaluationGrid.draft.save')}
            </Button>
          }
        />
      </div>
    </form>
  );
}

function GridParts() {
  const { t } = useTranslation();
  const { form, readOnly } = useGridEditing();
  const sections = useFieldArray({ control: form.control, name: 'sections', keyName: 'key' });
  const sectionLabel = (index: number) =>
    form.watch(`sections.${index}.name`).trim() || t('evaluationGrid.unnamedSection', { number: index + 1 });
  return (
    <div className="grid gap-6">
      {sections.fields.length === 0 && (
        <p className="text-sm text-gray-600">{t('evaluationGrid.noSections')}</p>
      )}
      {sections.fields.map((field, index) => (
        <section
          key={field.key}
          aria-label={sectionLabel(index)}
          className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6"
        >
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-base font-semibold text-gray-900">{sectionLabel(index)}</h3>
            {!readOnly && (
              <ListControls
                listId="sections"
                index={index}
                count={sections.fields.length}
                label={sectionLabel(index)}
                onMove={sections.move}
                onRemove={() => sections.remove(index)}
              />
            )}
          </div>
          <SectionFields section={index} />
        </section>
      ))}
      <AddButton
        label={t('evaluationGrid.addSection')}
        disabled={sections.fields.length >= evaluationGridLimits.sections}
        onClick={() => sections.append(newSection())}
      />
      <Section title={t('evaluationGrid.additionalScores')}>
        <AdditionalScoresFields />
      </Section>
    </div>
  );
}
