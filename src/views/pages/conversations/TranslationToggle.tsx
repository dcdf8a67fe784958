// The switch between a conversation's own language and the other one (the button says what it will show: the
// translation, or the original again), and what the translation shown is: by which engine, whether it is only a
// gist, or why it could not be made.
import { LanguageIcon } from '@heroicons/react/20/solid';
import { useTranslation } from 'react-i18next';
import type { Translation } from '../../../../contract/conversations';
import type { Language } from '../../../../contract/enums';
import { Button } from '../../components/Button';
import { QueryError } from '../../components/QueryError';

interface TranslationToggleProps {
  target: Language;
  on: boolean;
  onToggle: () => void;
}

export function TranslationToggle({ target, on, onToggle }: TranslationToggleProps) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" onClick={onToggle}>
      <LanguageIcon className="size-4" aria-hidden="true" />
      {on ? t('conversation.translation.original') : t(`conversation.translation.toggle.${target}`)}
    </Button>
  );
}

interface TranslationStateProps {
  translation: Translation | undefined;
  pending: boolean;
  error: unknown;
  onRetry: () => void;
}

/** Said once the toggle is on: loading, failed, or which engine translated it and whether it is a gist. */
export function TranslationState({ translation, pending, error, onRetry }: TranslationStateProps) {
  const { t } = useTranslation();
  if (error) return <QueryError error={error} onRetry={onRetry} />;
  if (pending || !translation) {
    return (
      <p role="status" className="text-sm text-gray-600">
        {t('conversation.translation.loading')}
      </p>
    );
  }
  const engine = translation.engine.model
    ? t('conversation.facts.engineModel', translation.engine)
    : translation.engine.engine;
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 text-sm text-gray-700">
      <span>{t(`conversation.translation.shown.${translation.target_language}`, { engine })}</span>
      {translation.gist && (
        <span
          className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
          title={t('conversation.translation.gistHint')}
        >
          {t('conversation.translation.gist')}
          <span className="sr-only"> — {t('conversation.translation.gistHint')}</span>
        </span>
      )}
    </p>
  );
}
