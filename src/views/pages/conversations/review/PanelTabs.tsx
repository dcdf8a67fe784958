// The review screen's tabs below 1024 px (WAI-ARIA tabs): one tab stop, the arrows, Home and End move between the
// tabs and choose as they go, each panel stays in the page while hidden. Plain React rather than Headless UI's
// tabs, so the review screen's first paint on a phone does without Headless UI (decision 0218).
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface PanelTab<Name extends string> {
  name: Name;
  label: string;
  content: ReactNode;
  className: string;
}

interface PanelTabsProps<Name extends string> {
  label: string;
  tabs: readonly PanelTab<Name>[];
  selected: Name;
  onSelect: (name: Name) => void;
}

/** The tab a key moves to from `index` among `count`; null for a key that moves nowhere. */
function tabAfterKey(key: string, index: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
    case 'PageUp':
      return 0;
    case 'End':
    case 'PageDown':
      return count - 1;
    default:
      return null;
  }
}

export function PanelTabs<Name extends string>({ label, tabs, selected, onSelect }: PanelTabsProps<Name>) {
  const id = useId();
  const buttons = useRef(new Map<Name, HTMLButtonElement>());
  const tabId = (name: Name) => `${id}-tab-${name}`;
  const panelId = (name: Name) => `${id}-panel-${name}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabAfterKey(event.key, index, tabs.length);
    const tab = next === null ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.name);
    buttons.current.get(tab.name)?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        className="sticky top-0 z-20 mb-4 flex gap-1 rounded-xl bg-white p-1 shadow-sm ring-1 ring-gray-200"
      >
        {tabs.map(({ name, label: tabLabel }, index) => (
          <button
            key={name}
            ref={(button) => {
              if (button) buttons.current.set(name, button);
              else buttons.current.delete(name);
            }}
            type="button"
            role="tab"
            id={tabId(name)}
            aria-controls={panelId(name)}
            aria-selected={name === selected}
            tabIndex={name === selected ? 0 : -1}
            onClick={() => onSelect(name)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className="flex-1 rounded-lg px-2 py-2 text-sm font-medium text-gray-700 hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-purple-600 aria-selected:bg-purple-700 aria-selected:text-white"
          >
            {tabLabel}
          </button>
        ))}
      </div>
      {tabs.map(({ name, content, className }) => (
        <div
          key={name}
          role="tabpanel"
          id={panelId(name)}
          aria-labelledby={tabId(name)}
          tabIndex={name === selected ? 0 : -1}
          hidden={name !== selected}
          className={`${className} focus-visible:outline-2 focus-visible:outline-purple-600`}
        >
          {content}
        </div>
      ))}
    </>
  );
}
