import './styles/modal.css';
import { useEffect, useId, useLayoutEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Above checkout (1500) by default (spec 000 §9). */
export const MODAL_Z_INDEX = 1501;
/** The timed callback fires after the modal has been open this long by default (spec 000 §9). */
export const MODAL_OPEN_FOR_MS = 2000;

export interface ModalProps {
  open: boolean;
  /** Names the dialog. */
  title: string;
  /** Escape, a backdrop click or the close button. */
  onClose(): void;
  /** Text read with the title when the dialog opens (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Use the whole width of the screen instead of 360px / 650px. */
  fullWidth?: boolean;
  zIndex?: number;
  /** Called once the modal has stayed open `openForMs` (2000 ms by default). */
  onOpenFor?(): void;
  openForMs?: number;
  closeLabel?: string;
}

/** Modals open now, innermost last: only the top one answers keys and holds focus. */
const openModals: HTMLElement[] = [];
const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** A dialog (spec 000 §2.8): focus kept inside and given back on close; Escape, backdrop and close button close it. */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

function ModalDialog({
  title,
  onClose,
  description,
  children,
  fullWidth = false,
  zIndex = MODAL_Z_INDEX,
  onOpenFor,
  openForMs = MODAL_OPEN_FOR_MS,
  closeLabel = 'Close',
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const pressedOnBackdrop = useRef(false);
  // The latest callbacks, for the listeners set up once below: kept after each render, never during one.
  const latest = useRef({ onClose, onOpenFor });
  useLayoutEffect(() => {
    latest.current = { onClose, onOpenFor };
  });

  useEffect(() => {
    const overlay = overlayRef.current;
    const dialog = dialogRef.current;
    if (!overlay || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openModals.push(overlay);
    const isTop = () => openModals[openModals.length - 1] === overlay;

    // Hide the rest of the page from assistive technology and the pointer while open.
    const madeInert = [...document.body.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el !== overlay && !el.hasAttribute('inert'));
    madeInert.forEach((el) => el.setAttribute('inert', ''));
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const first = tabbables(dialog).find((el) => !el.classList.contains('modal__close')) ?? tabbables(dialog)[0] ?? dialog;
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        latest.current.onClose();
      } else if (event.key === 'Tab') {
        const items = tabbables(dialog);
        const head = items[0];
        const tail = items[items.length - 1];
        if (!head || !tail) {
          event.preventDefault();
          dialog.focus();
        } else if (event.shiftKey && (document.activeElement === head || document.activeElement === dialog)) {
          event.preventDefault();
          tail.focus();
        } else if (!event.shiftKey && document.activeElement === tail) {
          event.preventDefault();
          head.focus();
        }
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !dialog.contains(event.target)) (tabbables(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    const timer = latest.current.onOpenFor ? setTimeout(() => latest.current.onOpenFor?.(), openForMs) : undefined;

    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openModals.splice(openModals.indexOf(overlay), 1);
      madeInert.forEach((el) => el.removeAttribute('inert'));
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [openForMs]);

  const onMouseDown = (event: MouseEvent) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onClick = (event: MouseEvent) => {
    // Only a press that began and ended on the backdrop closes: dragging out of a text field must not.
    if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressedOnBackdrop.current = false;
  };

  return (
    <div ref={overlayRef} className="modal" style={{ zIndex }} onMouseDown={onMouseDown} onClick={onClick}>
      <div
        ref={dialogRef}
        className={`modal__dialog${fullWidth ? ' modal__dialog--full' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
      >
        <button type="button" className="modal__close" aria-label={closeLabel} onClick={onClose}>
          <svg aria-hidden="true" focusable="false" width="20" height="20" viewBox="0 0 20 20">
            <path d="M4 4l12 12M16 4L4 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {description ? (
          <div id={descriptionId} className="modal__description">
            {description}
          </div>
        ) : null}
        {children}
      </div>
    </div>
  );
}

function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter((el) => !el.closest('[inert]') && !el.hidden);
}
