// A calm, dashed notice with an icon: used for what is not there yet.
import type { ComponentType, ReactNode, SVGProps } from 'react';

interface NoticeProps {
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  body: string;
  className?: string;
  /** What the user can do about it (a link to create the first one). */
  children?: ReactNode;
}

export function Notice({ icon: Icon, title, body, className = '', children }: NoticeProps) {
  return (
    <section
      role="status"
      className={`flex items-start gap-4 rounded-xl border border-dashed border-purple-300 bg-purple-50 p-6 ${className}`}
    >
      <Icon className="size-8 shrink-0 text-purple-600" aria-hidden="true" />
      <div>
        <h2 className="font-semibold text-purple-900">{title}</h2>
        <p className="mt-1 text-sm text-purple-900/80">{body}</p>
        {children && <div className="mt-4">{children}</div>}
      </div>
    </section>
  );
}
