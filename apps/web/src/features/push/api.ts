import type { PushKey } from '@wps/contract';
import { api, apiRequest } from '../../shared/api/client.ts';
import { keyBytes, PUSH_OWNER_KEY } from './push-state.ts';

export const getPushKey = () => api.get<PushKey>('/wps/push/key');

/** Our worker's registration, if the site registered one (production builds; never in journeys). */
export async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (typeof window === 'undefined' || !window.isSecureContext) return null;
  if (!('PushManager' in window) || !('Notification' in window)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** Whether this device is subscribed, and by this account. */
export async function subscribedHere(account: string | undefined): Promise<boolean> {
  const reg = await workerRegistration();
  const sub = await reg?.pushManager.getSubscription();
  return Boolean(sub && account && localStorage.getItem(PUSH_OWNER_KEY) === account);
}

/**
 * Subscribes this device with the server's key and registers it. A subscription made with an older
 * key (the site's keys changed) is replaced: the browser refuses a second key on one subscription.
 */
export async function turnOn(publicKey: string, account: string): Promise<void> {
  const reg = await workerRegistration();
  if (!reg) throw new Error('no service worker');
  const applicationServerKey = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  const current = sub?.options.applicationServerKey;
  if (sub && current && !sameBytes(new Uint8Array(current), applicationServerKey)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const json = sub.toJSON();
  await api.post('/wps/push/subscriptions', {
    endpoint: json.endpoint,
    keys: { p256dh: json.keys?.p256dh, auth: json.keys?.auth },
  });
  localStorage.setItem(PUSH_OWNER_KEY, account);
}

/** Off: the server forgets the device and the browser drops the subscription. */
export async function turnOff(): Promise<void> {
  const reg = await workerRegistration();
  const sub = await reg?.pushManager.getSubscription();
  localStorage.removeItem(PUSH_OWNER_KEY);
  if (!sub) return;
  await apiRequest('/wps/push/subscriptions', { method: 'DELETE', body: { endpoint: sub.endpoint } });
  await sub.unsubscribe();
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
