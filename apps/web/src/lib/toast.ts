/**
 * Sonner is not part of a first screen's code (issue 23): it loads beside the first render (components/ui/toaster.tsx
 * mounts it) or with the first toast, whichever comes first.
 */
const loadSonner = () => import('sonner');

/** Toast settings of docs/product.md §9: bottom centre, 4 s, at most 3 visible, 356 px wide. */
export const TOAST_SETTINGS = {
  position: 'bottom-center',
  duration: 4000,
  visibleToasts: 3,
  width: 356,
} as const;

/** A button inside a toast (e.g. '등록된 피드 확인'); clicking it also closes the toast. */
export interface ToastAction {
  label: string;
  onClick(): void;
}

/** The app's toasts; components call these instead of sonner so that the look stays in one place. */
export const toast = {
  success: (message: string, action?: ToastAction) =>
    void loadSonner().then(({ toast: sonner }) =>
      sonner.success(
        message,
        action ? { action: { label: action.label, onClick: () => action.onClick() } } : undefined,
      ),
    ),
  error: (message: string) => void loadSonner().then(({ toast: sonner }) => sonner.error(message)),
  warning: (message: string) => void loadSonner().then(({ toast: sonner }) => sonner.warning(message)),
  info: (message: string) => void loadSonner().then(({ toast: sonner }) => sonner.info(message)),
};
