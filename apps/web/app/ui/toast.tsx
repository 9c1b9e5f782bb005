import { cssTransition, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

export { toast } from 'react-toastify';

/** Toast defaults of spec §2: 5000 ms, top-right, newest on top, no limit, no progress bar or close button, tap dismisses. */
export const toastDefaults = {
  autoClose: 5000,
  extendedTimeOut: 1000,
  fadeMs: 300,
  position: 'top-right',
} as const;

const fade = cssTransition({ enter: 'toast-fade-in', exit: 'toast-fade-out', collapseDuration: toastDefaults.fadeMs });

export function ToastRegion() {
  return (
    <ToastContainer
      position={toastDefaults.position}
      autoClose={toastDefaults.autoClose}
      newestOnTop
      hideProgressBar
      closeButton={false}
      closeOnClick
      pauseOnHover
      pauseOnFocusLoss={false}
      draggable={false}
      transition={fade}
    />
  );
}
