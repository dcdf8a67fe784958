// @vitest-environment jsdom
// The answer controls of the review screen: what a choice (a control or a key) gives each kind of item — yes / no /
// N/A where the grid allows it, a level by its number, a composed item's sub-items ticked or unticked — nothing when
// it does not fit or changes nothing; and the controls as they render, in English and French, the answer pressed.
import { createInstance } from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { EvaluationItem } from '../../../contract/evaluation-grids';
import type { EvaluationValue } from '../../../contract/evaluations';
import en from '../../../src/i18n/en.json';
import fr from '../../../src/i18n/fr.json';
import { AnswerControls } from '../../../src/views/pages/evaluations/AnswerControls';
import { answerAfter } from '../../../src/views/pages/evaluations/answer-choice';

const common = { description: '', weight: 1, critical: false };
const binary: EvaluationItem = {
  ...common,
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Greets the customer',
  type: 'binary_item',
  allow_na: false,
};
const binaryWithNa: EvaluationItem = { ...binary, allow_na: true };
const levels: EvaluationItem = {
  ...common,
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Explains the cause',
  type: 'multiple_levels_item',
  allow_na: true,
  levels: [
    { name: 'Not explained', score: 0 },
    { name: 'Partly explained', score: 50 },
    { name: 'Clearly explained', score: 100 },
  ],
};
const composed: EvaluationItem = {
  ...common,
  id: '00000000-0000-4000-8000-000000000003',
  name: 'Gives a clear outcome',
  type: 'composed_item',
  allow_na: false,
  sub_items: [
    { id: 's1', name: 'States the action taken' },
    { id: 's2', name: 'Gives a time frame' },
  ],
} as EvaluationItem;

describe('answerAfter', () => {
  it('answers a yes/no item yes or no, N/A only where the grid allows it, never a level', () => {
    expect(answerAfter(binary, 'yes', { type: 'no' })).toBe('no');
    expect(answerAfter(binary, null, { type: 'yes' })).toBe('yes');
    expect(answerAfter(binary, 'yes', { type: 'na' })).toBeNull();
    expect(answerAfter(binaryWithNa, 'yes', { type: 'na' })).toBe('na');
    expect(answerAfter(binary, 'yes', { type: 'number', index: 0 })).toBeNull();
  });

  it('gives nothing when the answer would not change', () => {
    expect(answerAfter(binary, 'yes', { type: 'yes' })).toBeNull();
    expect(answerAfter(levels, 1, { type: 'number', index: 1 })).toBeNull();
    expect(answerAfter(composed, { s1: 'yes', s2: 'yes' }, { type: 'yes' })).toBeNull();
  });

  it('picks a levels item by its number (from 0 here), N/A if allowed, never yes or no', () => {
    expect(answerAfter(levels, 0, { type: 'number', index: 2 })).toBe(2);
    expect(answerAfter(levels, 0, { type: 'number', index: 3 })).toBeNull();
    expect(answerAfter(levels, 0, { type: 'na' })).toBe('na');
    expect(answerAfter(levels, 0, { type: 'yes' })).toBeNull();
  });

  it("ticks and unticks a composed item's sub-items by number; yes / no answer them all; no N/A", () => {
    const none: EvaluationValue | null = null;
    expect(answerAfter(composed, none, { type: 'number', index: 1 })).toEqual({ s1: 'no', s2: 'yes' });
    expect(answerAfter(composed, { s1: 'yes', s2: 'yes' }, { type: 'number', index: 0 })).toEqual({
      s1: 'no',
      s2: 'yes',
    });
    expect(answerAfter(composed, { s1: 'no', s2: 'yes' }, { type: 'number', index: 0 })).toEqual({
      s1: 'yes',
      s2: 'yes',
    });
    expect(answerAfter(composed, { s1: 'no', s2: 'yes' }, { type: 'no' })).toEqual({ s1: 'no', s2: 'no' });
    expect(answerAfter(composed, none, { type: 'yes' })).toEqual({ s1: 'yes', s2: 'yes' });
    expect(answerAfter(composed, none, { type: 'number', index: 2 })).toBeNull();
    expect(answerAfter(composed, none, { type: 'na' })).toBeNull();
  });
});

async function render(language: 'en' | 'fr', item: EvaluationItem, value: EvaluationValue | null) {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: { en: { translation: en }, fr: { translation: fr } },
    interpolation: { escapeValue: false },
  });
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <AnswerControls item={item} value={value} disabled={false} onChoose={() => undefined} />
    </I18nextProvider>,
  );
  const host = new DOMParser().parseFromString(html, 'text/html').body;
  const buttons = [...host.querySelectorAll('button')].map((button) => ({
    label: button.textContent,
    pressed: button.getAttribute('aria-pressed'),
  }));
  return { host, buttons };
}

describe('AnswerControls', () => {
  it('is a segmented yes / no (/ N/A) group named after the item, the answer pressed', async () => {
    const { host, buttons } = await render('en', binaryWithNa, 'no');
    expect(host.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe(
      'Answer to “Greets the customer”',
    );
    expect(buttons).toEqual([
      { label: 'Yes', pressed: 'false' },
      { label: 'No', pressed: 'true' },
      { label: 'N/A', pressed: 'false' },
    ]);
    expect((await render('en', binary, 'yes')).buttons.map((button) => button.label)).toEqual(['Yes', 'No']);
  });

  it('says it in French', async () => {
    const { host, buttons } = await render('fr', binary, 'yes');
    expect(host.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe(
      'Réponse à « Greets the customer »',
    );
    expect(buttons).toEqual([
      { label: 'Oui', pressed: 'true' },
      { label: 'Non', pressed: 'false' },
    ]);
  });

  it('offers each level with its score, the chosen one pressed, then N/A', async () => {
    const { buttons } = await render('en', levels, 1);
    expect(buttons).toEqual([
      { label: 'Not explained (0%)', pressed: 'false' },
      { label: 'Partly explained (50%)', pressed: 'true' },
      { label: 'Clearly explained (100%)', pressed: 'false' },
      { label: 'N/A', pressed: 'false' },
    ]);
  });

  it("shows a composed item's sub-items as checkboxes, ticked when yes", async () => {
    const { host } = await render('en', composed, { s1: 'yes', s2: 'no' });
    const boxes = [...host.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];
    expect(boxes.map((box) => [box.closest('label')?.textContent, box.hasAttribute('checked')])).toEqual([
      ['1States the action taken', true],
      ['2Gives a time frame', false],
    ]);
    expect(host.querySelector('legend')?.textContent).toBe(
      'Sub-items of “Gives a clear outcome” (ticked: yes)',
    );
  });
});
