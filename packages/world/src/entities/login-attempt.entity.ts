import { defineEntity, p } from '@mikro-orm/postgresql';

/**
 * A sign-in try, counted as a failure from the moment it is admitted and deleted if its password was
 * right; kept for `login_throttle.window_minutes` (docs/security.md). In the database, so every api
 * process counts the same failures.
 */
export const LoginAttemptSchema = defineEntity({
  name: 'LoginAttempt',
  tableName: 'login_attempts',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    /** The account's lower-cased username, or what was typed (lower-cased) when no account matches. */
    identifier: p.string().length(254),
    ip: p.string().length(64),
    attemptedAt: p.datetime(),
  },
});

export class LoginAttempt extends LoginAttemptSchema.class {}
LoginAttemptSchema.setClass(LoginAttempt);
