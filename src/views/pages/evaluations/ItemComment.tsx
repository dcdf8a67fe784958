// An item's comment, edited in place: shown as a note, or, once asked for (its button or the `c` key), a text field
// with Save and Cancel (CommentForm.tsx).
import { ChatBubbleLeftEllipsisIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { CommentForm } from './CommentForm';

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
