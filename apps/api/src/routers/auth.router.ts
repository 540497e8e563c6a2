import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { GUEST_EMAIL_DOMAIN, GUEST_PREFIX, authenticate, createGuest, registerAccount, type AccountDeps } from '@brood/world';
import { publicProcedure, type Ctx } from '../trpc';

/** FastAPI's wording for an absent field, so REST and tRPC clients read the same sentence. */
const required = (wrongType: string) => ({ error: (issue: { input?: unknown }) => (issue.input === undefined ? 'Field required' : wrongType) });

export const UsernameSchema = z
  .string(required('Username must be text'))
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(20, 'Username must be at most 20 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Username may contain only letters, digits, _ and -')
  .refine((v) => !v.toLowerCase().startsWith(GUEST_PREFIX), `Usernames starting with ${GUEST_PREFIX} are reserved for guest accounts`);

export const EmailSchema = z
  .string(required('Email must be text'))
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .refine((v) => !v.toLowerCase().endsWith(`@${GUEST_EMAIL_DOMAIN}`), `Addresses @${GUEST_EMAIL_DOMAIN} are reserved for guest accounts`);

export const PasswordSchema = z
  .string(required('Password must be text'))
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

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
