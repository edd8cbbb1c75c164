import { useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react';

const ITEMS = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])';

/**
 * Keyboard for a disclosure menu: arrow keys move between its items (Home and End jump), Esc
 * closes it and gives focus back to its button, a click elsewhere closes it.
 */
export function useMenuKeys(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
  close: () => void,
): void {
  useEffect(() => {
    if (!open) return undefined;
    const items = () => [...(panel.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        button.current?.focus();
        return;
      }
      // Already handled (the key that just opened the menu and focused its first item).
      if (event.defaultPrevented || !root.current?.contains(document.activeElement)) return;
      const list = items();
      if (list.length === 0) return;
      const index = list.indexOf(document.activeElement as HTMLElement);
      const next =
        event.key === 'ArrowDown' || event.key === 'ArrowRight'
          ? list[(index + 1) % list.length]
          : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
            ? list[index <= 0 ? list.length - 1 : index - 1]
            : event.key === 'Home'
              ? list[0]
              : event.key === 'End'
                ? list[list.length - 1]
                : undefined;
      // Arrows inside a text field move its caret, not the menu.
      if (!next || (document.activeElement instanceof HTMLInputElement && (event.key === 'ArrowLeft' || event.key === 'ArrowRight'))) return;
      event.preventDefault();
      next.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, root, panel, button, close]);
}

/**
 * ArrowDown on a closed menu's button opens it with focus on its first item, as soon as the
 * panel is in the document (before the next key press is handled). Returns the key handler.
 */
export function useOpenWithArrowDown(open: boolean, panel: RefObject<HTMLElement | null>, openMenu: () => void) {
  const focusFirst = useRef(false);
  useLayoutEffect(() => {
    if (!open || !focusFirst.current) return;
    focusFirst.current = false;
    panel.current?.querySelector<HTMLElement>(ITEMS)?.focus();
  }, [open, panel]);
  return (event: ReactKeyboardEvent) => {
    if (event.key !== 'ArrowDown' || open) return;
    event.preventDefault();
    focusFirst.current = true;
    openMenu();
  };
}
