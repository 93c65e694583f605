import { z } from 'zod';
import { Instant, LIMITS } from './common.js';
import { safeText } from './safe-text.js';
import { ko } from './texts.ko.js';

/** `GET /api/push/public-key`: the VAPID public key, base64url of the uncompressed P-256 point (docs/api.md §9.2). */
export const PushPublicKeyDto = z.object({ publicKey: z.string() });
export type PushPublicKeyDto = z.infer<typeof PushPublicKeyDto>;

/** A subscription key as `PushSubscription.toJSON()` gives it: base64url (padding tolerated); bytes checked by the server. */
const PushKey = z
  .string()
  .max(200, ko.push.invalidKey)
  .check(safeText)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, ko.push.invalidKey);

/** The push service URL; scheme and address are checked by the server (https, public unless PUSH_ALLOW_PRIVATE). */
export const PushEndpoint = z
  .string()
  .trim()
  .min(1, ko.push.endpointRequired)
  .max(LIMITS.urlMaxLength, ko.push.endpointTooLong)
  .check(safeText);

/** `POST /api/push/subscriptions`: a browser `PushSubscription.toJSON()`. Ours, so strict (docs/api.md §9). */
export const PushSubscriptionRequest = z.strictObject({
  endpoint: PushEndpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({ p256dh: PushKey, auth: PushKey }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

/** `DELETE /api/push/subscriptions`. */
export const PushUnsubscribeRequest = z.strictObject({ endpoint: PushEndpoint });
export type PushUnsubscribeRequest = z.infer<typeof PushUnsubscribeRequest>;

export const PushSubscriptionDto = z.object({ id: z.string(), endpoint: z.string(), createdAt: Instant });
export type PushSubscriptionDto = z.infer<typeof PushSubscriptionDto>;
export const PushSubscriptionList = z.array(PushSubscriptionDto);

/**
 * What the service worker's `push` event decrypts (`event.data.json()`): the notification and the in-app hash
 * path to open on click (`/#/profiles?userId=…`, `/#/feeds`, `/#/recommendations`, `/#/closet`).
 */
export const PushPayload = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  createdAt: Instant,
  url: z.string(),
});
export type PushPayload = z.infer<typeof PushPayload>;
