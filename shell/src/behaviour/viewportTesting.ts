import { act } from '@testing-library/react';

/** Scrolls jsdom's window as a browser would report it, and tells the listeners. */
export function scrollWindowTo(y: number): void {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

/** Resizes jsdom's viewport (what media queries read) and tells the listeners. */
export function resizeWindowTo(width: number): void {
  Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('resize'));
  });
}
