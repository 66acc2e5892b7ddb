import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** Focus the close button when the dialog opens: the safe choice first, where the dialog's action destroys something. */
  focusClose?: boolean;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus, Escape closes it, the rest of the page
 * is inert, and focus returns to where it was.
 */
export function Dialog({ open, title, closeLabel, onClose, children, focusClose = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      if (focusClose) close.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, focusClose]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === ref.current) onClose();
      }}
    >
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">{title}</h2>
        {children}
        <form method="dialog" className="dialog__actions">
          <button ref={close} type="submit" className="button">
            {closeLabel}
          </button>
        </form>
      </div>
    </dialog>
  );
}
