// An item's comment being edited: a text field with Save and Cancel; Escape in the field cancels and gives the
// keyboard back to the item. Its own module, loaded once the evaluation shows (ItemComment.tsx): the review
// screen's first paint does without Headless UI's fields (decision 0218).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluationCommentMaxLength } from '../../../../contract/values/evaluations';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/fields';

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
      <TextAreaField
        label={t('evaluationPanel.commentNamed', { name: itemName })}
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
