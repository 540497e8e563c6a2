import { z } from 'zod';
import { TRPCError, type TRPCRouterRecord } from '@trpc/server';
import { PUSH_KIND_KEYS, PUSH_KINDS, type PushKind } from '@brood/contracts';
import { pushPreferences, setPushPreferences, subscribePush, unsubscribePush } from '@brood/world';
import { protectedProcedure, publicProcedure } from '../trpc';

/** Web Push (issue 29): the server's VAPID key, the browser's subscription, and the switches per kind. */

const endpoint = z.url({ error: 'The push endpoint must be a URL' }).max(1000, 'The push endpoint is too long (1000 characters at most)');
/** The key and the secret of RFC 8291, base64url as `PushSubscription.toJSON()` gives them. */
const base64url = (what: string, max: number) => z.string({ error: `keys.${what} is required` }).min(1, `keys.${what} is required`).max(max, `keys.${what} is too long`).regex(/^[A-Za-z0-9_-]+=*$/, `keys.${what} must be base64url`);

export const PushSubscriptionSchema = z.object({
  endpoint,
  keys: z.object({ p256dh: base64url('p256dh', 200), auth: base64url('auth', 100) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionSchema>;

export const PushEndpointSchema = z.object({ endpoint });

export const PushPreferencesSchema = z
  .object(Object.fromEntries(PUSH_KIND_KEYS.map((k) => [k, z.boolean({ error: `${PUSH_KINDS[k].label}: true or false` }).optional()])) as Record<PushKind, z.ZodOptional<z.ZodBoolean>>)
  .strict();
export type PushPreferencesBody = z.infer<typeof PushPreferencesSchema>;

const NOT_CONFIGURED = 'Web Push is not configured on this server (VAPID_PUBLIC_KEY is not set).';

export const pushRouter = {
  publicKey: publicProcedure.query(({ ctx }) => {
    const key = ctx.deps.env.VAPID_PUBLIC_KEY;
    if (!key) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_CONFIGURED });
    return { public_key: key };
  }),
  subscribe: protectedProcedure.input(PushSubscriptionSchema).mutation(({ ctx, input }) => subscribePush(ctx.em, ctx.user, input, ctx.deps.env.PUSH_ALLOWED_ORIGINS)),
  unsubscribe: protectedProcedure.input(PushEndpointSchema).mutation(({ ctx, input }) => unsubscribePush(ctx.em, ctx.user, input.endpoint)),
  preferences: protectedProcedure.query(({ ctx }) => pushPreferences(ctx.em, ctx.user)),
  setPreferences: protectedProcedure.input(PushPreferencesSchema).mutation(({ ctx, input }) => setPushPreferences(ctx.em, ctx.user, input)),
} satisfies TRPCRouterRecord;
