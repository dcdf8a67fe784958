// A modal form for short tasks such as inviting a user or adding a member; opening it focuses its first field.
import { useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { Modal } from './Modal';

interface FormDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  /** The label of the way out; "Cancel" unless nothing would be cancelled. */
  closeLabel?: string;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  children: ReactNode;
}

const fieldSelector =
  'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

export function FormDialog({
  open,
  title,
  submitLabel,
  closeLabel,
  pending,
  onSubmit,
  onClose,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const firstField = useRef<HTMLElement | null>(null);
  return (
    <Modal open={open} title={title} onClose={onClose} initialFocus={firstField}>
      <form
        // Set when the form mounts, before the dialog moves the focus.
        ref={(form) => {
          firstField.current = form?.querySelector<HTMLElement>(fieldSelector) ?? null;
        }}
        onSubmit={onSubmit}
        noValidate
        className="mt-4 grid gap-4"
      >
        {children}
        <div className="mt-2 flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {closeLabel ?? t('common.cancel')}
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? t('common.working') : submitLabel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
