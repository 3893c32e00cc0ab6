/**
 * What the "notify me" switch says (issue 31), from what the browser and the server allow. Pure,
 * so every case is tested without a browser that can really subscribe.
 */
export type PushState = 'checking' | 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on';

export interface PushEnvironment {
  /** Service worker, PushManager and Notification present, in a secure context, with our worker registered. */
  supported: boolean;
  /** The server's GET /wps/push/key: null while it is being asked. */
  serverEnabled: boolean | null;
  permission: NotificationPermission;
  /** This device has a subscription that this account registered. */
  subscribedHere: boolean;
}

export function pushState(e: PushEnvironment): PushState {
  if (!e.supported) return 'unsupported';
  if (e.serverEnabled === null) return 'checking';
  if (!e.serverEnabled) return 'unavailable';
  if (e.permission === 'denied') return 'denied';
  return e.subscribedHere && e.permission === 'granted' ? 'on' : 'off';
}

/** The switch can be flipped only where flipping it can do something. */
export const canToggle = (s: PushState) => s === 'on' || s === 'off';

/** The browser's key as `applicationServerKey` wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Which account turned notifications on on this device: another account signing in here sees "off". */
export const PUSH_OWNER_KEY = 'wps.push.account';
