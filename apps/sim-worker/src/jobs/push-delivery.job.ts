import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import webpush from 'web-push';
import { defineJob, forgetSubscription, guardedLookup, JOBS, pushToSend, refuseEndpoint } from '@brood/world';

/** VAPID: who the server is to the push services (RFC 8292). */
export interface Vapid {
  subject: string;
  publicKey: string;
  privateKey: string;
}

export interface PushSenderOptions {
  /** Null: Web Push is not configured on this deployment (the jobs complete without sending). */
  vapid: Vapid | null;
  /** PUSH_ALLOWED_ORIGINS: endpoints besides the push services' (tests, private deployments). */
  allowedOrigins: readonly string[];
  /** How long a push service may keep the socket silent. */
  timeoutMs?: number;
}

/** How long a push service keeps a push for a browser that is offline (seconds). */
const TTL_SECONDS = 6 * 60 * 60;

/** Posts one encrypted push, connecting only to addresses guardedLookup accepted; answers the status. */
function post(details: webpush.RequestDetails, allowedOrigins: readonly string[], timeoutMs: number): Promise<number> {
  const url = new URL(details.endpoint);
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: details.method, headers: details.headers, lookup: guardedLookup(details.endpoint, allowedOrigins), timeout: timeoutMs, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer from ${url.host} within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(details.body ?? undefined);
  });
}

/**
 * Sends one notification's or private message's push to one subscription: encrypted (RFC 8291 aes128gcm) and signed
 * (VAPID). A 404 or 410 means the browser dropped the subscription: it is deleted. A 429, a 5xx or a
 * network failure throws, and pg-boss tries again later (the contract's back-off). Any other answer
 * is a push the service will never take: logged, not retried.
 */
export function pushDeliveryJob(options: PushSenderOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  return defineJob(JOBS.pushDelivery, async (deps, data) => {
    if (!options.vapid) return;
    const push = await pushToSend(deps.em, data, data.subscription_id);
    if (!push) return;
    const refused = refuseEndpoint(push.endpoint, options.allowedOrigins);
    if (refused) {
      deps.log.warn({ subscription: data.subscription_id, refused }, 'push endpoint no longer allowed; subscription deleted');
      await forgetSubscription(deps.em, data.subscription_id);
      return;
    }
    const details = webpush.generateRequestDetails({ endpoint: push.endpoint, keys: push.keys }, JSON.stringify(push.payload), {
      vapidDetails: options.vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: push.payload.url === '/dashboard' ? 'high' : 'normal',
    });
    let status: number;
    try {
      status = await post(details, options.allowedOrigins, timeoutMs);
    } catch (err) {
      if ((err as { code?: string }).code === 'EPUSHPRIVATE') {
        deps.log.warn({ subscription: data.subscription_id, err }, 'push endpoint resolves to a private address; not sent');
        return;
      }
      throw err;
    }
    if (status >= 200 && status < 300) return;
    if (status === 404 || status === 410) {
      await forgetSubscription(deps.em, data.subscription_id);
      return;
    }
    if (status === 429 || status >= 500) throw new Error(`push service answered ${status}; tried again later`);
    deps.log.warn({ subscription: data.subscription_id, status }, 'push service refused the push; not retried');
  });
}
