import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Fading out (e.g. while switching to another modal); it stays mounted until the caller removes it. */
  closing?: boolean;
  /**
   * Where focus goes as it opens: its first field (a form's, such as signing in), or the dialog
   * itself, announced by its title (a panel of many controls, such as the shop's filters, whose
   * first field is far down it and would bring up a phone's keyboard).
   */
  initialFocus?: 'field' | 'dialog';
}

/**
 * An accessible dialog: focus moves in and stays in (Tab wraps), Esc or a click on the backdrop
 * closes it, and focus goes back to where it was.
 */
export function Modal({ title, onClose, children, closing = false, initialFocus = 'field' }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(() => onClose());
  // The dialog itself when asked; else its first field when there is one (a form), else its first control.
  const focusOnOpen = useEffectEvent((node: HTMLElement | null) =>
    (initialFocus === 'dialog' ? node : (node?.querySelector<HTMLElement>('input:not([type="hidden"]), select, textarea') ?? node?.querySelector<HTMLElement>(FOCUSABLE) ?? node))?.focus(),
  );

  useEffect(() => {
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const node = dialog.current;
    focusOnOpen(node);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
        return;
      }
      if (event.key !== 'Tab' || !node) return;
      const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
      previouslyFocused?.focus?.();
    };
  }, []);

  return createPortal(
    <div className={`sf-modal${closing ? ' sf-modal--closing' : ''}`} onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={dialog} className="sf-modal__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="sf-modal__head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="sf-modal__close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
