import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { useEffect, type CSSProperties, type RefObject } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_SETTINGS } from '@/lib/toast';

/**
 * Set on the root while a bar at the bottom of the screen is shown (the closet's selection bar): its distance from
 * the screen's bottom edge to its top. The toasts then stand above it.
 */
const LIFT = '--toast-lift';
/** How high above the bottom edge toasts appear: a bar whose bottom is below this line is in their way. */
const TOAST_BAND_PX = 160;

/**
 * Keeps the toasts above `bar` while it is mounted, so a toast never covers its buttons. The bar may stick to the
 * bottom or sit in the page's flow (a short closet at 1440 px), so its place is measured again as it scrolls or
 * wraps; a bar higher up than where toasts appear lifts nothing.
 */
export function useToastsAbove(bar: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    let frame = 0;
    const place = () => {
      frame = 0;
      const { top, bottom } = element.getBoundingClientRect();
      const height = window.innerHeight;
      if (bottom > height - TOAST_BAND_PX && top < height)
        root.style.setProperty(LIFT, `${Math.round(height - top)}px`);
      else root.style.removeProperty(LIFT);
    };
    const schedule = () => {
      frame ||= requestAnimationFrame(place);
    };
    place();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule);
    observer?.observe(element);
    // Capturing: the page may scroll in an element rather than the window.
    window.addEventListener('scroll', schedule, { passive: true, capture: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      root.style.removeProperty(LIFT);
    };
  }, [bar]);
}

/** Mount once; shows the toasts raised through lib/toast.ts. */
export function Toaster() {
  return (
    <Sonner
      position={TOAST_SETTINGS.position}
      duration={TOAST_SETTINGS.duration}
      visibleToasts={TOAST_SETTINGS.visibleToasts}
      // Sonner's own 24 px (16 px on a phone) above whatever holds the bottom edge: the tab bar, the home indicator;
      // 12 px above a bar in their way (useToastsAbove) when that is higher.
      offset={{ bottom: `max(calc(var(--bottom-chrome) + 24px), calc(var(${LIFT}, 0px) + 12px))` }}
      mobileOffset={{ bottom: `max(calc(var(--bottom-chrome) + 16px), calc(var(${LIFT}, 0px) + 12px))` }}
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
