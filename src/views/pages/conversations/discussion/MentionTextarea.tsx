// A message box that suggests people as the user types "@": the suggestions are a listbox the textarea drives
// (arrows move, Enter or Tab picks, Escape closes), announced through `aria-activedescendant`.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MentionableUser } from '../../../../../contract/discussion';
import { controlClass } from '../../../components/control-class';
import { insertMention, matchingUsers, mentionQueryAt, type MentionQuery } from './mention-text';

interface MentionTextareaProps {
  label: string;
  value: string;
  users: readonly MentionableUser[];
  disabled?: boolean;
  onChange: (value: string) => void;
  /** Ctrl+Enter / ⌘+Enter, when no suggestion is open. */
  onSubmitShortcut: () => void;
}

export function MentionTextarea({
  label,
  value,
  users,
  disabled = false,
  onChange,
  onSubmitShortcut,
}: MentionTextareaProps) {
  const { t } = useTranslation();
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [highlighted, setHighlighted] = useState(0);
  const suggestions = mention ? matchingUsers(users, mention.query) : [];
  const open = suggestions.length > 0;
  const active = open ? Math.min(highlighted, suggestions.length - 1) : -1;

  const follow = (text: string, caret: number) => {
    setMention(mentionQueryAt(text, caret));
    setHighlighted(0);
  };

  const pick = (user: MentionableUser) => {
    if (!mention) return;
    const next = insertMention(value, mention, user);
    onChange(next.text);
    setMention(null);
    // Once React has written the new text, put the caret after the name.
    requestAnimationFrame(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) {
      if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        onSubmitShortcut();
      }
      return;
    }
    const moves: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setHighlighted((active + move + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(suggestions[active] as MentionableUser);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setMention(null);
    }
  };

  return (
    <div className="relative grid gap-1">
      <label htmlFor={`${id}-text`} className="text-sm font-medium text-gray-700">
        {label}
      </label>
      <textarea
        ref={textarea}
        id={`${id}-text`}
        rows={3}
        value={value}
        disabled={disabled}
        className={controlClass}
        aria-describedby={`${id}-hint`}
        aria-autocomplete="list"
        aria-controls={open ? `${id}-suggestions` : undefined}
        aria-activedescendant={open ? `${id}-option-${active}` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target.value, event.target.selectionStart);
        }}
        onSelect={(event) => follow(event.currentTarget.value, event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => setMention(null)}
      />
      <p id={`${id}-hint`} className="text-xs text-gray-600">
        {t('conversation.discussion.hint')}
      </p>
      {open && (
        <ul
          id={`${id}-suggestions`}
          role="listbox"
          aria-label={t('conversation.discussion.suggestions')}
          className="absolute top-full left-0 z-20 mt-1 w-full max-w-sm overflow-hidden rounded-lg bg-white py-1 shadow-lg ring-1 ring-gray-200"
        >
          {suggestions.map((user, index) => (
            <li
              key={user.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer px-3 py-2 text-sm ${
                index === active ? 'bg-purple-700 text-white' : 'text-gray-900'
              }`}
              // Before the textarea's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(user);
              }}
            >
              {user.name}
            </li>
          ))}
        </ul>
      )}
      <p className="sr-only" aria-live="polite">
        {open ? t('conversation.discussion.suggestionCount', { count: suggestions.length }) : ''}
      </p>
    </div>
  );
}
