import { toast as sonner } from 'sonner';

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
    sonner.success(
      message,
      action ? { action: { label: action.label, onClick: () => action.onClick() } } : undefined,
    ),
  error: (message: string) => sonner.error(message),
  warning: (message: string) => sonner.warning(message),
  info: (message: string) => sonner.info(message),
};
