// The heading every page starts with.
import type { ReactNode } from 'react';

export function PageHeader({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
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
