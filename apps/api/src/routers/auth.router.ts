import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
// The username and password rules are the register page's too: one definition in @brood/contracts.
import { PasswordSchema, UsernameSchema, required } from '@brood/contracts';
import { GUEST_EMAIL_DOMAIN, authenticate, createGuest, registerAccount, type AccountDeps } from '@brood/world';
import { publicProcedure, type Ctx } from '../trpc';

export const EmailSchema = z
  .string(required('Email must be text'))
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .refine((v) => !v.toLowerCase().endsWith(`@${GUEST_EMAIL_DOMAIN}`), `Addresses @${GUEST_EMAIL_DOMAIN} are reserved for guest accounts`);

/** POST /auth/register and POST /users/me/claim take the same three fields. */
export const RegisterSchema = z.object({ username: UsernameSchema, email: EmailSchema, password: PasswordSchema });
export type Register = z.input<typeof RegisterSchema>;

/** POST /auth/token: `username` is a username or an email (OAuth2 password form). */
export const LoginSchema = z.object({
  username: z.string(required('Username must be text')).trim().min(1, 'Field required').max(254, 'Username must be at most 254 characters'),
  password: z.string(required('Password must be text')).min(1, 'Field required').max(128, 'Password must be at most 128 characters'),
});
export type Login = z.input<typeof LoginSchema>;

export function accountDeps(ctx: Ctx): AccountDeps {
  return { em: ctx.em, passwords: ctx.deps.passwords, catalogue: ctx.deps.catalogue };
}

async function bearer(ctx: Ctx, user: { id: number; username: string }) {
  return { access_token: await ctx.deps.tokens.issue(user), token_type: 'bearer' as const };
}

export const authRouter = {
  /** A full account; answers the user (not a session: the player signs in next). */
  register: publicProcedure.input(RegisterSchema).mutation(({ ctx, input }) => registerAccount(accountDeps(ctx), input, ctx.ip, ctx.now())),
  /** Sign in by username or email: {access_token, token_type}. */
  token: publicProcedure.input(LoginSchema).mutation(async ({ ctx, input }) => {
    const user = await authenticate(accountDeps(ctx), { identifier: input.username, password: input.password, ip: ctx.ip }, ctx.now());
    return bearer(ctx, user);
  }),
  /** A one-click guest account, signed in at once: {token: {access_token, token_type}, user}. */
  registerTest: publicProcedure.mutation(async ({ ctx }) => {
    const user = await createGuest(accountDeps(ctx), ctx.ip, ctx.now());
    return { token: await bearer(ctx, user), user };
  }),
} satisfies TRPCRouterRecord;
