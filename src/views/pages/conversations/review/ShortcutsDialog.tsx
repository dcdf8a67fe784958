// The `?` overlay: every key of the review screen with what it does (each also has a button on the screen). A
// dialog: Escape closes it before it means "back".
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';

/** The keys, by group, as the overlay lists them (`review.shortcuts.items.<name>`). */
export const shortcutGroups = [
  {
    group: 'items',
    shortcuts: [
      { name: 'next', keys: ['j', '↓'] },
      { name: 'previous', keys: ['k', '↑'] },
      { name: 'comment', keys: ['c'] },
      { name: 'evidence', keys: ['e'] },
    ],
  },
  {
    group: 'answers',
    shortcuts: [
      { name: 'yes', keys: ['y'] },
      { name: 'no', keys: ['n'] },
      { name: 'na', keys: ['a'] },
      { name: 'number', keys: ['1–9'] },
    ],
  },
  {
    group: 'conversation',
    shortcuts: [
      { name: 'validate', keys: ['v'] },
      { name: 'validateAndNext', keys: ['Shift+V'] },
      { name: 'nextConversation', keys: [']'] },
      { name: 'previousConversation', keys: ['['] },
      { name: 'back', keys: ['Esc', 'u'] },
      { name: 'help', keys: ['?'] },
    ],
  },
] as const;

export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('review.shortcuts.title')} onClose={onClose}>
      <p className="mt-2 text-sm text-gray-700">{t('review.shortcuts.intro')}</p>
      <div className="mt-4 grid gap-4">
        {shortcutGroups.map(({ group, shortcuts }) => (
          <section key={group} aria-label={t(`review.shortcuts.groups.${group}`)}>
            <h3 className="text-sm font-semibold text-purple-900">{t(`review.shortcuts.groups.${group}`)}</h3>
            <dl className="mt-1 grid gap-1 text-sm">
              {shortcuts.map(({ name, keys }) => (
                <div key={name} className="grid grid-cols-[6.5rem_1fr] items-baseline gap-3">
                  <dt className="flex flex-wrap items-center gap-1 text-gray-600">
                    {keys.map((key, index) => (
                      <span key={key} className="inline-flex items-center gap-1">
                        {index > 0 && <span className="text-xs">{t('review.shortcuts.or')}</span>}
                        <kbd className="rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 font-mono text-xs text-gray-900">
                          {key}
                        </kbd>
                      </span>
                    ))}
                  </dt>
                  <dd className="text-gray-900">{t(`review.shortcuts.items.${name}`)}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
      <div className="mt-6 flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          {t('review.shortcuts.close')}
        </Button>
      </div>
    </Modal>
  );
}
