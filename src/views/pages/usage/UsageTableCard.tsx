// A usage table's card: its heading, then the table in a box that scrolls sideways on a narrow screen, by keyboard
// too (the scrolling box takes the focus and is named by the heading); or, when there is nothing to show, a message
// in place of the box.
import { useId, type ReactNode } from 'react';

export function UsageTableCard({
  title,
  emptyText,
  children,
}: {
  title: string;
  /** Given when the table has no row: shown instead of the table. */
  emptyText?: string;
  children: ReactNode;
}) {
  const heading = useId();
  return (
    <div className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-gray-200">
      <h2 id={heading} className="mb-3 text-sm font-semibold text-gray-900">
        {title}
      </h2>
      {emptyText === undefined ? (
        <div
          role="region"
          aria-labelledby={heading}
          tabIndex={0}
          className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-purple-600"
        >
          {children}
        </div>
      ) : (
        <p className="rounded-lg bg-gray-50 px-4 py-6 text-center text-sm text-gray-600">{emptyText}</p>
      )}
    </div>
  );
}
