// Said when a save met a newer version of the transcript: nothing was saved, the user's text is still there,
// and they choose to save theirs over it or take the newer one.
import { ExclamationTriangleIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button';

interface ConflictNoticeProps {
  /** False while the newer version is being read (or could not be). */
  newerKnown: boolean;
  checking: boolean;
  saving: boolean;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
  onCheckAgain: () => void;
}

export function ConflictNotice({
  newerKnown,
  checking,
  saving,
  onKeepMine,
  onTakeTheirs,
  onCheckAgain,
}: ConflictNoticeProps) {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-300"
    >
      <ExclamationTriangleIcon className="size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{t('conversation.editor.conflictTitle')}</h2>
        <p className="mt-1">{t('conversation.editor.conflictBody')}</p>
        <div className="mt-3 flex flex-wrap gap-2">
          {newerKnown ? (
            <>
              <Button onClick={onKeepMine} disabled={saving}>
                {saving ? t('common.working') : t('conversation.editor.keepMine')}
              </Button>
              <Button variant="secondary" onClick={onTakeTheirs} disabled={saving}>
                {t('conversation.editor.takeTheirs')}
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={onCheckAgain} disabled={checking}>
              {checking ? t('conversation.editor.checking') : t('conversation.editor.checkAgain')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
