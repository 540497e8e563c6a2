/**
 * This browser's side of Web Push: whether it can, the permission, and its subscription. The service
 * worker (public/sw.js) shows what arrives.
 */

export type PushSupport = 'supported' | 'unsupported' | 'insecure';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return window.isSecureContext ? 'supported' : 'insecure';
}

/** The registration of the service worker, or null when it is not there (development server, old browser). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() !== 'supported') return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

/** This browser's current push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

const fromBase64Url = (text: string): Uint8Array<ArrayBuffer> => {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '=');
  const bytes = atob(base64);
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let i = 0; i < bytes.length; i += 1) out[i] = bytes.charCodeAt(i);
  return out;
};

/** The subscription as the server takes it (endpoint, keys.p256dh, keys.auth). */
export interface SubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export class PushRefused extends Error {}

/**
 * Asks the browser's permission (only now, when the player switches push on) and subscribes with the
 * server's VAPID key. Throws PushRefused with the sentence to show when the player or browser says no.
 */
export async function subscribeBrowser(publicKey: string): Promise<SubscriptionJson> {
  const reg = await registration();
  if (!reg) throw new PushRefused('Push needs the installed service worker: reload the page and try again.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused('Notifications are blocked for this site. Allow them in your browser’s site settings, then switch push on again.');
  const subscription = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(publicKey) }));
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) throw new PushRefused('This browser gave an incomplete subscription; try again.');
  return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

/** Ends this browser's subscription; answers its endpoint (null when there was none). */
export async function unsubscribeBrowser(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
