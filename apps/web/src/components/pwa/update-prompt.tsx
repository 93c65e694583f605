import { RefreshCw } from 'lucide-react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { ko } from '@otboo/contract';
import { Button } from '@/components/ui/button';

// An installed app stays open for days on a phone, and the browser looks for a new worker only on page loads: it
// also asks every hour and whenever the app comes back to the foreground (sw.js is revalidated, so usually a 304).
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function watchForUpdates(registration: ServiceWorkerRegistration) {
  const check = () => {
    if (navigator.onLine) registration.update().catch(() => undefined);
  };
  setInterval(check, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/**
 * Registers the service worker (src/sw.ts) and, once a new version is installed and waiting, shows
 * '새 버전이 있어요' with '새로고침': the new worker takes over and the page reloads on the new code.
 * Mount once. Under `npm run dev` there is no worker and it renders nothing.
 */
export function UpdatePrompt() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (registration) watchForUpdates(registration);
    },
  });
  if (!needRefresh) return null;
  return (
    <>
      {/* The page grows by the banner's height, so its last lines can still scroll out from under it. */}
      <div aria-hidden className="h-[4.5rem]" />
      {/* At the bottom, where it covers no heading or logo: above the phone's tab bar and home indicator
          (--bottom-chrome, index.css); from lg in the corner under the sidebar's last entry. */}
      <div className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--bottom-chrome)+0.75rem)] z-[60] flex justify-center px-3 lg:justify-start lg:px-5">
        <div
          role="status"
          className="pointer-events-auto flex items-center gap-3 rounded-2xl border border-line bg-white py-2 pr-2 pl-4 shadow-lg"
        >
          <RefreshCw className="size-4 shrink-0 text-brand-500" aria-hidden />
          <p className="text-[15px] text-ink">{ko.pwa.updateAvailable}</p>
          <Button size="sm" onClick={() => void updateServiceWorker()}>
            {ko.pwa.updateReload}
          </Button>
        </div>
      </div>
    </>
  );
}
