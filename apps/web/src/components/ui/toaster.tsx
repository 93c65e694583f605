import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Toaster as Sonner } from 'sonner';
import { TOAST_SETTINGS } from '@/lib/toast';

/** Mount once; shows the toasts raised through lib/toast.ts. */
export function Toaster() {
  return (
    <Sonner
      position={TOAST_SETTINGS.position}
      duration={TOAST_SETTINGS.duration}
      visibleToasts={TOAST_SETTINGS.visibleToasts}
      // Sonner's own 24 px (16 px on a phone) above whatever holds the bottom edge: the tab bar, the home indicator.
      offset={{ bottom: 'calc(var(--bottom-chrome) + 24px)' }}
      mobileOffset={{ bottom: 'calc(var(--bottom-chrome) + 16px)' }}
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
