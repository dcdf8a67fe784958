// Buttons and button-looking links, in the app's three weights.
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { Link } from 'wouter';

type Variant = 'primary' | 'secondary' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-purple-700 text-white hover:bg-purple-800 focus-visible:outline-purple-600',
  secondary: 'bg-white text-gray-900 ring-1 ring-gray-300 hover:bg-gray-50 focus-visible:outline-purple-600',
  danger: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-600',
};

export const buttonClass = (variant: Variant = 'primary') =>
  `inline-flex items-center justify-center gap-1.5 rounded-lg px-3.5 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]}`;

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ComponentPropsWithRef<'button'> & { variant?: Variant }) {
  return <button type={type} className={`${buttonClass(variant)} ${className}`} {...props} />;
}

export function ButtonLink({
  href,
  variant = 'primary',
  children,
}: {
  href: string;
  variant?: Variant;
  children: ReactNode;
}) {
  return (
    <Link href={href} className={buttonClass(variant)}>
      {children}
    </Link>
  );
}
