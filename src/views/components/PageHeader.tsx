// The heading every page starts with; it also names the browser tab.
import type { ReactNode } from 'react';
import { usePageTitle } from './use-page-title';

export function PageHeader({
  title,
  intro,
  tabTitle,
  children,
}: {
  title: string;
  intro?: string;
  /** The browser tab's title, when it must say more than the heading (which tab of an organisation). */
  tabTitle?: string;
  children?: ReactNode;
}) {
  usePageTitle(tabTitle ?? title);
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">{title}</h1>
        {intro && <p className="mt-1 text-sm text-gray-600">{intro}</p>}
      </div>
      {children}
    </header>
  );
}
