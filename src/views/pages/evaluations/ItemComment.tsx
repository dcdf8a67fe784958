// An item's comment, edited in place: shown as a note, or, once asked for (its button or the `c` key), a text field
// with Save and Cancel. Escape in the field cancels and gives the keyboard back to the item.
import { ChatBubbleLeftEllipsisIcon } from '@heroicons/react/20/solid';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { evaluationCommentMaxLength } from '../../../../contract/evaluations';
import { Button } from '../../components/Button';
import { TextAreaField } from '../../components/fields';

interface ItemCommentProps {
  itemName: string;
  comment: string | null;
  canChange: boolean;
  disabled: boolean;
  editing: boolean;
  onEdit: () => void;
  /** The field closes; `saved` is the comment to send, or undefined when cancelled or unchanged. */
  onClose: (saved?: string | null) => void;
}

function CommentForm({
  itemName,
  comment,
  disabled,
  onClose,
}: Omit<ItemCommentProps, 'canChange' | 'editing' | 'onEdit'>) {
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

export function ItemComment({
  itemName,
  comment,
  canChange,
  disabled,
  editing,
  onEdit,
  onClose,
}: ItemCommentProps) {
  const { t } = useTranslation();
  if (editing) {
    return <CommentForm itemName={itemName} comment={comment} disabled={disabled} onClose={onClose} />;
  }
  return (
    <>
      {comment && (
        <p className="mt-2 rounded-lg bg-blue-50 px-3 py-1.5 text-sm text-blue-900">
          <span className="font-medium">{t('evaluationPanel.comment')}</span> {comment}
        </p>
      )}
      {canChange && (
        <button
          type="button"
          disabled={disabled}
          onClick={onEdit}
          aria-label={t(comment ? 'evaluationPanel.editCommentNamed' : 'evaluationPanel.addCommentNamed', {
            name: itemName,
          })}
          className="mt-1 inline-flex items-center gap-1 rounded px-1 py-0.5 text-xs font-medium text-purple-800 hover:underline focus-visible:outline-2 focus-visible:outline-purple-600 disabled:opacity-60"
        >
          <ChatBubbleLeftEllipsisIcon className="size-3.5" aria-hidden="true" />
          {t(comment ? 'evaluationPanel.editComment' : 'evaluationPanel.addComment')}
        </button>
      )}
    </>
  );
}
