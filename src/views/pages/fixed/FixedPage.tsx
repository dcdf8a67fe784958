// The layout of the fixed pages (error, unauthorized, offline): a centred message.
import type { ReactNode } from 'react';
import { usePageTitle } from '../../components/use-page-title';

export function FixedPage({ title, body, children }: { title: string; body: string; children?: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="grid min-h-[70vh] place-items-center px-6">
      <div className="max-w-lg text-center" role="alert">
        <h1 className="text-2xl font-semibold text-primary-800">{title}</h1>
        <p className="mt-3 text-gray-600">{body}</p>
        {children}
      </div>
    </div>
  );
}
