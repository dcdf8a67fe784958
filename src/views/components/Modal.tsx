// The frame of every modal: a dimmed page and a titled panel (Headless UI Dialog: focus trapped, Escape closes).
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode, RefObject } from 'react';

export function Modal({
  open,
  title,
  onClose,
  initialFocus,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  /** What takes the focus on opening (a form's first field); the panel itself when absent. */
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      className="relative z-50"
      {...(initialFocus ? { initialFocus } : {})}
    >
      <div className="fixed inset-0 bg-gray-900/40" aria-hidden="true" />
      {/* A dialog taller than the screen scrolls, so that its buttons stay within reach. */}
      <div className="fixed inset-0 overflow-y-auto">
        <div className="grid min-h-full place-items-center p-4">
          <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-gray-900">{title}</DialogTitle>
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
