// An item's comment, edited in place: shown as a note, or, once asked for (its button or the `c` key), a text field
// with Save and Cancel (CommentForm.tsx, whose code loads as soon as a comment may be changed, not in the first
// paint).
import { ChatBubbleLeftEllipsisIcon } from '@heroicons/react/20/solid';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { codeOnIntent } from '../../components/code-on-intent';

const formCode = codeOnIntent(() => import('./CommentForm'));
const CommentForm = lazy(() => formCode.request().then(({ CommentForm: form }) => ({ default: form })));

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
  // Loaded once the page is idle after the item showed to someone who may comment, so that the field opens at once
  // on `c` or a click, without competing with the page's own requests (the recording's among them).
  useEffect(() => {
    if (!canChange) return;
    const preload = () => void formCode.request().catch(() => undefined);
    if (!('requestIdleCallback' in window)) return preload();
    const handle = requestIdleCallback(preload);
    return () => cancelIdleCallback(handle);
  }, [canChange]);
  if (editing) {
    return (
      <Suspense>
        <CommentForm itemName={itemName} comment={comment} disabled={disabled} onClose={onClose} />
      </Suspense>
    );
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
