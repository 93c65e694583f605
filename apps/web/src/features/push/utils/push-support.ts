/**
 * What this browser can do about Web Push: 'supported', 'not-installed' (an iPhone or iPad, where Safari offers
 * push only to a web app added to the home screen) or 'unsupported'.
 */
export type PushSupport = 'supported' | 'not-installed' | 'unsupported';

function isAppleMobile(): boolean {
  // iPadOS presents itself as a Mac; only its touch points tell it apart.
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)
  );
}

export function pushSupport(): PushSupport {
  if (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  )
    return 'supported';
  const standalone =
    typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches;
  return isAppleMobile() && !standalone ? 'not-installed' : 'unsupported';
}

/** A base64url key (the VAPID public key) as the bytes `pushManager.subscribe` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
