// An item's comment being edited: a text field with Save and Cancel; Escape in the field cancels and gives the
// keyboard back to the item. A plain label and text area with the fields' look, not Headless UI's field: it is part
// of the review screen's first paint (decision 0218), and there when `c` is pressed, whatever has loaded since.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluationCommentMaxLength } from '../../../../contract/values/evaluations';
import { Button } from '../../components/Button';
import { controlClass } from '../../components/control-class';

export interface CommentFormProps {
  itemName: string;
  comment: string | null;
  disabled: boolean;
  /** The field closes; `saved` is the comment to send, or undefined when cancelled or unchanged. */
  onClose: (saved?: string | null) => void;
}

export function CommentForm({ itemName, comment, disabled, onClose }: CommentFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(comment ?? '');
  const fieldId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // While another change is saved, Save stays reachable (a disabled button would be skipped by Tab, and Enter
    // would land on Cancel) but waits: the text stays in the field.
    if (disabled) return;
    const trimmed = draft.trim() === '' ? null : draft.trim();
    onClose(trimmed === comment ? undefined : trimmed);
  };
  return (
    <form onSubmit={submit} className="mt-2 grid gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={fieldId} className="text-sm font-medium text-gray-700">
          {t('evaluationPanel.commentNamed', { name: itemName })}
        </label>
        <textarea
          id={fieldId}
          className={controlClass}
          value={draft}
          maxLength={evaluationCommentMaxLength}
          rows={2}
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.preventDefault();
            onClose();
          }}
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" aria-disabled={disabled} className="aria-disabled:opacity-60">
          {t('evaluationPanel.saveComment')}
        </Button>
        <Button variant="secondary" onClick={() => onClose()}>
          {t('evaluationPanel.cancel')}
        </Button>
      </div>
    </form>
  );
}
