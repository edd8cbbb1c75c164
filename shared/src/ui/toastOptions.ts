import type { ToastContainerProps } from 'react-toastify';

/** §1 and §9: bottom right, newest on top, closing after 3 seconds. */
export const TOAST_OPTIONS = {
  position: 'bottom-right',
  newestOnTop: true,
  autoClose: 3000,
  closeOnClick: true,
  pauseOnFocusLoss: false,
} as const satisfies ToastContainerProps;
