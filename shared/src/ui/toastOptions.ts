import type { ToastContainerProps } from 'react-toastify';

/** Bottom right, newest on top, closing after 3 seconds, not the library's default (docs/behaviour.md#constants-and-limits). */
export const TOAST_OPTIONS = {
  position: 'bottom-right',
  newestOnTop: true,
  autoClose: 3000,
  closeOnClick: true,
  pauseOnFocusLoss: false,
} as const satisfies ToastContainerProps;
