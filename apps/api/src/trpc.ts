import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { GameError, KEPT_PARTS, type KeptPart, type ReadMemo } from '@brood/world';
import type { ApiDeps } from './deps';
import type { AuthUser } from './auth/token';
import { keptTransformer } from './http/kept-serialization';
import { mayHoldControlCharacters, NoControlCharacters } from './input-guard';
import { withRequestCatalogue } from './routers/deployment-input';
import { databaseAwayError, unwatched, withWriteWatch } from './database/outage';

/** What every procedure sees. A fresh EntityManager per request (never the global one). */
export interface Ctx {
  deps: ApiDeps;
  em: ApiDeps['orm']['em'];
  /** The signed-in user, from the bearer token; null when there is none. */
  user: AuthUser | null;
  /** Why the token was refused, when one was sent and refused (401 detail). */
  authError: string | null;
  /** Client address, for login throttling. */
  ip: string;
  /** The request's instant: fixed for a GET (a batch of queries reads one moment), live for a mutation. */
  now: () => Date;
  /** The reads a GET request's queries share (context.ts); none for a mutation. */
  reads?: ReadMemo;
}

/** What a player reads of an error the server did not mean to raise: its own message may name tables, files or hosts. */
export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

const t = initTRPC.context<Ctx>().create({
  transformer: keptTransformer,
  // tRPC adds the stack (server file paths) to every error's data when NODE_ENV is not 'production',
  // which `npm start` does not set: no answer carries one, whatever the mode (the log line has it).
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    return {
      ...shape,
      message: error.code === 'INTERNAL_SERVER_ERROR' ? INTERNAL_ERROR_MESSAGE : shape.message,
      data: {
        ...shape.data,
        // FastAPI-style validation items, so the web app shows 'message (Field: path)'.
        validation: cause instanceof ZodError ? zodIssuesToDetail(cause) : null,
      },
    };
  },
});

export interface ValidationItem {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** Where an input field came from, FastAPI's first `loc` item: 'body', 'query' or 'path' (REST knows; tRPC says 'body'). */
export type FieldSource = (field: string | number | undefined) => string;

export function zodIssuesToDetail(error: ZodError, sourceOf: FieldSource = () => 'body'): ValidationItem[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    return { loc: [sourceOf(path[0]), ...path], msg: issue.message, type: issue.code };
  });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** A control character anywhere in the input is a 422 like any other invalid field, so no procedure can forget to refuse one. */
async function refuseControlCharacters(getRawInput: () => Promise<unknown>): Promise<void> {
  const input = await getRawInput();
  if (!mayHoldControlCharacters(input)) return;
  const checked = NoControlCharacters.safeParse(input);
  if (!checked.success) throw new TRPCError({ code: 'BAD_REQUEST', message: checked.error.issues[0]?.message ?? 'Invalid input', cause: checked.error });
}

/**
 * Around every procedure: its input parser runs with this deployment's catalogue at hand (catalogueKey,
 * catalogueMap); after it, the GameError a command throws (world knows nothing of tRPC) becomes the
 * matching tRPC error, and a database that could not be reached becomes 503 with the sentence that is
 * true of what the call did (database/outage.ts).
 *
 * One middleware a procedure, not one a concern: each level of tRPC's chain copies the call's options
 * and context, and that copying was a seventh of what the api allocated (docs/benchmarks.md).
 */
async function guard<R extends { ok: boolean; error?: TRPCError }>(ctx: Ctx, type: string, path: string, call: () => Promise<R>): Promise<R> {
  const { result, wrote } = await withWriteWatch(() => withRequestCatalogue(ctx.deps.catalogue, call));
  // Before a command answers, this process forgets what it may have changed of the reads it kept for its
  // player: the page reads them again right after, maybe before the change's NOTIFY has come back
  // (world's kept-reads.ts).
  if (type === 'mutation' && ctx.user) ctx.deps.kept.forgetPlayer(ctx.user.id, keptChangedBy(path));
  const cause = result.ok ? undefined : result.error?.cause;
  if (cause instanceof GameError) throw new TRPCError({ code: cause.kind, message: cause.message, cause });
  const away = result.ok ? null : databaseAwayError(cause, wrote);
  if (away) throw away;
  return result;
}

/**
 * What the commands of each router may change of the reads kept for their player (a router not named
 * here: all of them). A build changes its territory's queues and stock, never the research queue or
 * the fleet list; a message changes none. Each change is heard through its NOTIFY anyway, a few
 * milliseconds after its commit; this is what must not wait for it.
 */
const KEPT_CHANGED_BY: Readonly<Record<string, readonly KeptPart[]>> = {
  construction: ['queues', 'settled'],
  recruitment: ['queues', 'settled'],
  defense: ['queues', 'settled'],
  research: ['research', 'settled'],
  movements: ['fleets', 'settled'],
  messages: [],
  buddies: [],
  hallOfFame: [],
  notifications: [],
  push: [],
};

const keptChangedBy = (path: string): readonly KeptPart[] => KEPT_CHANGED_BY[path.split('.')[0]!] ?? KEPT_PARTS;

export const publicProcedure = t.procedure.use(async ({ ctx, type, path, getRawInput, next }) => {
  await refuseControlCharacters(getRawInput);
  return guard(ctx, type, path, () => next());
});

/**
 * A signed-in player: a valid token naming an account that still exists (a deleted or expired guest's
 * token is refused). The username is the account's, not the token's, since claiming a guest renames it
 * (deps.sessions keeps accounts between calls only while it hears their changes).
 */
async function admit(ctx: Ctx) {
  if (!ctx.user) {
    throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authError ?? 'Not authenticated' });
  }
  try {
    const session = await ctx.deps.sessions.find(ctx.em, ctx.user.id, ctx.now());
    if ('error' in session) throw new TRPCError({ code: 'UNAUTHORIZED', message: session.error });
    await unwatched(() => ctx.deps.activity.touch(ctx.em, ctx.deps.catalogue, session.id, ctx.now())); // not the player's change
    return session;
  } catch (error) {
    throw databaseAwayError(error, false) ?? error; // reading who calls writes nothing of theirs
  }
}

/** publicProcedure's guard, with the player let in (admit) before the call and named in its context. */
export const protectedProcedure = t.procedure.use(async ({ ctx, type, path, getRawInput, next }) => {
  await refuseControlCharacters(getRawInput);
  const user = await admit(ctx);
  return guard(ctx, type, path, () => next({ ctx: { user } })); // tRPC merges it over the context
});

export const OPERATORS_ONLY = 'Only operators may use the moderation console.';

/**
 * An operator of this universe (`npm run admin -- grant <username>`): everyone else gets 403 before
 * the procedure reads its input. Every procedure of the admin router is one of these.
 */
export const operatorProcedure = protectedProcedure.use(async ({ ctx, next }) => {
  if (!ctx.user.isOperator) throw new TRPCError({ code: 'FORBIDDEN', message: OPERATORS_ONLY });
  return next({ ctx: { user: ctx.user } });
});
