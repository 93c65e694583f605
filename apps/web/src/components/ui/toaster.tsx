import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { useEffect, type CSSProperties, type RefObject } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_SETTINGS } from '@/lib/toast';

/** Set on the root while a bar kept at the bottom of the screen is shown: the toasts stand this much higher. */
const LIFT = '--toast-lift';

/**
 * Keeps the toasts above `bar` while it is mounted: a bar kept in view `gap` px above the bottom chrome (the
 * closet's selection bar), whose buttons a toast must never cover. Its height, measured as it wraps, lifts them.
 */
export function useToastsAbove(bar: RefObject<HTMLElement | null>, gap: number) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const lift = () => root.style.setProperty(LIFT, `${element.offsetHeight + gap}px`);
    lift();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(lift);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(LIFT);
    };
  }, [bar, gap]);
}

/** Mount once; shows the toasts raised through lib/toast.ts. */
export function Toaster() {
  return (
    <Sonner
      position={TOAST_SETTINGS.position}
      duration={TOAST_SETTINGS.duration}
      visibleToasts={TOAST_SETTINGS.visibleToasts}
      // Sonner's own 24 px (16 px on a phone) above whatever holds the bottom edge: the tab bar, the home indicator,
      // and a bar kept in view above them (useToastsAbove).
      offset={{ bottom: `calc(var(--bottom-chrome) + var(${LIFT}, 0px) + 24px)` }}
      mobileOffset={{ bottom: `calc(var(--bottom-chrome) + var(${LIFT}, 0px) + 16px)` }}
      style={{ '--width': `${TOAST_SETTINGS.width}px` } as CSSProperties}
      icons={{
        success: <CircleCheck className="size-5 text-emerald-500" aria-hidden />,
        error: <CircleAlert className="size-5 text-red-600" aria-hidden />,
        warning: <TriangleAlert className="size-5 text-amber-500" aria-hidden />,
        info: <Info className="size-5 text-brand-500" aria-hidden />,
      }}
      toastOptions={{
        classNames: {
          toast: '!rounded-2xl !border-line !bg-white !text-ink !shadow-lg !font-sans !text-[15px]',
          actionButton:
            '!h-8 !rounded-lg !bg-brand-600 !px-3 !text-[13px] !font-bold !text-white hover:!bg-brand-700',
        },
      }}
    />
  );
}
