// A labelled multiple choice: keyboard-operable, shows "All" or how many are chosen; optionally searched and
// paged by the caller, for choices that come from the server a page at a time. Its listbox code (Headless UI)
// loads when the user first shows interest in one; until then a stand-in with the same look shows the summary.
import { useTranslation } from 'react-i18next';
import { codeOnIntent } from './code-on-intent';
import { multiSelectButtonClass, multiSelectLabelClass } from './listbox-styles';
import { ListboxStandIn } from './ListboxStandIn';
import { useStandIn } from './use-stand-in';

export interface Choice {
  id: string;
  name: string;
}

export interface MultiSelectProps {
  label: string;
  choices: Choice[];
  value: string[];
  onChange: (value: string[]) => void;
  /** A search box above the choices; the caller narrows `choices` as it changes. */
  search?: { value: string; onChange: (value: string) => void };
  /** Shows a "More" button after the choices when more can be loaded. */
  onMore?: (() => void) | undefined;
}

const listboxCode = codeOnIntent(() => import('./MultiSelectListbox'));

export function MultiSelect(props: MultiSelectProps) {
  const { t } = useTranslation();
  const { real, handover, preload, onIntent } = useStandIn(listboxCode);
  const { value, choices } = props;
  const summary =
    value.length === 0
      ? t('filters.all')
      : value.length === 1
        ? (choices.find((choice) => choice.id === value[0])?.name ?? t('filters.selected', { count: 1 }))
        : t('filters.selected', { count: value.length });
  if (real) return <real.MultiSelectListbox {...props} summary={summary} handover={handover} />;
  return (
    <ListboxStandIn
      label={props.label}
      labelClassName={multiSelectLabelClass}
      buttonClassName={multiSelectButtonClass}
      preload={preload}
      onIntent={onIntent}
    >
      <span className="truncate">{summary}</span>
    </ListboxStandIn>
  );
}
