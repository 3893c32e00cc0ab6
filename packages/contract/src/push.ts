import { z } from 'zod';
import { safeString } from './safe.ts';

/**
 * Web Push to the installed app (issue 31, live support "push when away"): the browser's push
 * subscription of a member's device, registered with the server's VAPID public key.
 */

/** Devices one member keeps subscribed; the oldest is dropped past it. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Push services' endpoints are a few hundred characters (FCM ~ 200, Mozilla ~ 300, Apple ~ 250). */
export const PUSH_ENDPOINT_MAX = 1024;
/** How much of a message a notification shows. */
export const PUSH_BODY_MAX = 100;

/**
 * An endpoint the server may POST to: https only (RFC 8030 push services are https), no user
 * info, and never a name or address of this network. The server sends to whatever a member
 * registers, so without this a member could point the server at an internal service.
 */
export function isPushEndpoint(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (
    !host.includes('.') ||
    host === 'localhost' ||
    /\.(localhost|local|internal|lan|home\.arpa)$/.test(host)
  )
    return false;
  // IP literals: push services are reached by name; an address is refused whatever its range.
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host) || host.startsWith('[')) return false;
  return true;
}

/** base64url of an uncompressed P-256 point (65 bytes) and of the 16-byte auth secret, unpadded or padded. */
const P256DH = /^[A-Za-z0-9_-]{87}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

const endpoint = safeString().max(PUSH_ENDPOINT_MAX, 'invalidUrl').refine(isPushEndpoint, 'invalidUrl');

/** POST /wps/push/subscriptions: what `PushSubscription.toJSON()` gives (expirationTime ignored). */
export const pushSubscribeSchema = z.object({
  endpoint,
  keys: z.object({
    p256dh: z.string().regex(P256DH, 'badRequest'),
    auth: z.string().regex(AUTH, 'badRequest'),
  }),
});
export type PushSubscribeInput = z.infer<typeof pushSubscribeSchema>;

/** DELETE /wps/push/subscriptions: this device's endpoint. */
export const pushUnsubscribeSchema = z.object({
  endpoint: safeString().max(PUSH_ENDPOINT_MAX, 'invalidUrl'),
});

/** GET /wps/push/key: whether the site sends pushes at all, and the key to subscribe with. */
export const pushKeySchema = z.object({
  enabled: z.boolean(),
  /** The VAPID public key (base64url, 65 bytes): the browser's `applicationServerKey`. */
  publicKey: z.string().nullable(),
});
export type PushKey = z.infer<typeof pushKeySchema>;

export const pushSubscribedSchema = z.object({ subscribed: z.boolean() });

/** What the service worker shows (the push message's JSON, encrypted on the wire). */
export interface PushNotification {
  title: string;
  body: string;
  /** Notifications of one tag replace each other (one per support conversation). */
  tag: string;
  /** Where a tap opens the app. */
  url: string;
}
