// The editor's test panel: one item of the grid, as it is being edited (unsaved), run on a pasted transcript or on
// a conversation of the campaign, with the answer, why, and the turns it rests on. Where the server has an LLM
// provider the test runs on it by default, and the rules engine can be chosen instead.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EvaluationEngineName } from '../../../../contract/evaluations';
import { ApiError } from '../../../services/api-error';
import { useCampaign } from '../../../services/queries/campaigns';
import { useItemTest } from '../../../services/queries/evaluations';
import { Button } from '../../components/Button';
import { SelectField, TextAreaField } from '../../components/fields';
import { Section } from '../../components/Section';
import { ChoiceList } from './ChoiceList';
import { ConversationPicker } from './ConversationPicker';
import { useGridEditing } from './grid-editing';
import { ItemTestResultView } from './ItemTestResultView';
import { testedItemOf } from './item-test-request';
import { itemTestSelectId, useItemTestTarget } from './item-test-target';

const sources = ['paste', 'conversation'] as const;
type Source = (typeof sources)[number];

/** What stops the test before it is asked, as an i18n key. */
type Blocker = 'fixItem' | 'transcriptRequired' | 'conversationRequired';

export function ItemTestPanel({ campaignId }: { campaignId: string }) {
  const { t } = useTranslation();
  const { form } = useGridEditing();
  const test = useItemTest();
  const target = useItemTestTarget();
  /** The item the result shown answers for: another one chosen hides it. */
  const [testedAt, setTestedAt] = useState<string | null>(null);
  const [source, setSource] = useState<Source>('paste');
  const [transcript, setTranscript] = useState('');
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [blocker, setBlocker] = useState<Blocker | null>(null);
  const campaign = useCampaign(campaignId).data;
  const [engine, setEngine] = useState<EvaluationEngineName>('llm');
  const llmAvailable = campaign?.llm_evaluation_available ?? false;

  const sections = form.watch('sections');
  const options = sections.flatMap((section, s) =>
    section.items.map((item, i) => ({
      value: `${s}.${i}`,
      label: t('evaluationGrid.testPanel.itemOption', {
        section: section.name.trim() || t('evaluationGrid.unnamedSection', { number: s + 1 }),
        item: item.name.trim() || t('evaluationGrid.unnamedItem', { number: i + 1 }),
      }),
    })),
  );
  const chosen = target?.chosen;
  const selected = options.some((option) => option.value === chosen) ? chosen : options[0]?.value;
  const [s, i] = (selected ?? '0.0').split('.').map(Number) as [number, number];
  const item = sections[s]?.items[i];

  const run = async () => {
    setBlocker(null);
    test.reset();
    if (!item) return;
    if (!(await form.trigger(`sections.${s}.items.${i}`))) return setBlocker('fixItem');
    const on =
      source === 'paste'
        ? transcript.trim() && { transcript }
        : conversationId && { conversation_id: conversationId };
    if (!on) return setBlocker(source === 'paste' ? 'transcriptRequired' : 'conversationRequired');
    setTestedAt(selected ?? null);
    test.mutate({
      ...testedItemOf(form.getValues(`sections.${s}.items.${i}`)),
      ...on,
      engine: llmAvailable ? engine : 'rules',
      ...(campaign ? { language: campaign.language } : {}),
    });
  };

  const failure =
    test.error instanceof ApiError && test.error.status === 400 && source === 'paste'
      ? 'evaluationGrid.testPanel.transcriptRefused'
      : 'evaluationGrid.testPanel.failed';

  return (
    <Section title={t('evaluationGrid.testPanel.title')} intro={t('evaluationGrid.testPanel.intro')}>
      {options.length === 0 || !selected || !item ? (
        <p className="text-sm text-gray-600">{t('evaluationGrid.testPanel.noItems')}</p>
      ) : (
        <div className="grid gap-4">
          <SelectField
            label={t('evaluationGrid.testPanel.item')}
            options={options}
            value={selected}
            id={itemTestSelectId}
            onChange={(event) => target?.choose(event.target.value)}
          />
          <ChoiceList
            legend={t('evaluationGrid.testPanel.source')}
            name="tested-source"
            inline
            value={source}
            onChange={(value) => {
              setSource(value as Source);
              test.reset();
            }}
            choices={sources.map((value) => ({
              value,
              label: t(`evaluationGrid.testPanel.sources.${value}`),
            }))}
          />
          {llmAvailable && (
            <ChoiceList
              legend={t('evaluationGrid.testPanel.engineChoice')}
              name="tested-engine"
              inline
              value={engine}
              onChange={(value) => {
                setEngine(value as EvaluationEngineName);
                test.reset();
              }}
              choices={(['llm', 'rules'] as const).map((value) => ({
                value,
                label: t(`evaluationGrid.testPanel.engineChoices.${value}`),
              }))}
            />
          )}
          {source === 'paste' ? (
            <TextAreaField
              label={t('evaluationGrid.testPanel.transcript')}
              rows={6}
              value={transcript}
              onChange={(event) => setTranscript(event.target.value)}
              hint={t('evaluationGrid.testPanel.transcriptHint')}
            />
          ) : (
            <ConversationPicker campaignId={campaignId} value={conversationId} onChange={setConversationId} />
          )}
          <div>
            <Button variant="secondary" onClick={() => void run()} disabled={test.isPending}>
              {test.isPending ? t('evaluationGrid.testPanel.running') : t('evaluationGrid.testPanel.run')}
            </Button>
          </div>
          <div aria-live="polite" className="grid gap-3">
            {blocker && (
              <p role="alert" className="text-sm text-red-700">
                {t(`evaluationGrid.testPanel.${blocker}`)}
              </p>
            )}
            {test.isError && (
              <p role="alert" className="text-sm text-red-700">
                {t(failure)}
              </p>
            )}
            {test.data && testedAt === selected && <ItemTestResultView result={test.data} item={item} />}
          </div>
        </div>
      )}
    </Section>
  );
}
