// The layout of the fixed pages (error, unauthorized, not found, offline): a centred message.
import type { ReactNode } from 'react';

interface FixedPageProps {
  title: string;
  body: string;
  children?: ReactNode;
}

export function FixedPage({ title, body, children }: FixedPageProps) {
  return (
    <main className="grid min-h-screen place-items-center px-6">
      <div className="max-w-lg text-center">
        <h1 className="text-2xl font-semibold text-primary-800">{title}</h1>
        <p className="mt-3 text-gray-600">{body}</p>
        {children}
      </div>
    </main>
  );
}
