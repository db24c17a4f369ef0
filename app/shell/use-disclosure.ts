import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * A button that shows and hides a panel (the phone's menu drawer, the account menu): aria-expanded and aria-controls
 * on the button; Escape, a press outside, or going to another page closes it, and Escape gives focus back to the
 * button; opening moves focus to the panel's first link.
 */
export function useDisclosure<Button extends HTMLElement = HTMLButtonElement, Panel extends HTMLElement = HTMLElement>() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<Button>(null);
  const panel = useRef<Panel>(null);
  const { pathname } = useLocation();
  const close = useCallback(() => setOpen(false), []);
  useEffect(close, [pathname, close]);
  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPress = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [open]);
  return {
    open,
    close,
    buttonProps: { ref: button, 'aria-expanded': open, 'aria-controls': id, onClick: () => setOpen((o) => !o) },
    panelProps: { ref: panel, id },
  };
}
