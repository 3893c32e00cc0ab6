import type { PushNotification } from '@wps/contract';
import webpush from 'web-push';

/** How the request leaves: fetch by default; a test points it at a stand-in push service. */
export type PushTransport = (
  url: string,
  init: {
    method: 'POST';
    headers: Record<string, string>;
    body: Uint8Array<ArrayBuffer>;
    signal: AbortSignal;
  },
) => Promise<{ status: number }>;

export const fetchTransport: PushTransport = (url, init) => fetch(url, init);

export interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push service that does not answer in this time is given up on (the send is logged, not retried). */
export const SEND_TIMEOUT_MS = 10_000;
/** A support reply is still worth showing a day later; after that the push service may drop it. */
const TTL_SECONDS = 24 * 60 * 60;

/**
 * One push message (RFC 8030) to one device: the payload encrypted to the browser's keys
 * (RFC 8291, aes128gcm) and signed for the push service with our VAPID key (RFC 8292), built by
 * `web-push`; sent with our own transport so the timeout is ours. Answers the push service's status.
 * `topic` lets the service replace a message of the same topic still waiting for the device.
 */
export async function sendPush(
  target: PushTarget,
  notification: PushNotification,
  vapid: Vapid,
  transport: PushTransport,
  topic?: string,
): Promise<number> {
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(notification),
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
      ...(topic ? { topic } : {}),
    },
  );
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(details.headers)) {
    // fetch sets the length from the body itself and refuses to be told it.
    if (k.toLowerCase() !== 'content-length' && v !== undefined) headers[k] = String(v);
  }
  const res = await transport(details.endpoint, {
    method: 'POST',
    headers,
    body: new Uint8Array(details.body ?? Buffer.alloc(0)),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  });
  return res.status;
}
