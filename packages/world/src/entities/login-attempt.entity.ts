import { defineEntity, p } from '@mikro-orm/postgresql';

/**
 * A failed sign-in, kept 15 minutes for throttling (5 failures per username or per address lock that
 * username or address out). In the database, so every api process counts the same failures.
 */
export const LoginAttemptSchema = defineEntity({
  name: 'LoginAttempt',
  tableName: 'login_attempts',
  properties: {
    id: p.bigint('number').primary().autoincrement(),
    /** What was typed as the username (a username or an email), lower-cased. */
    identifier: p.string().length(254),
    ip: p.string().length(64),
    attemptedAt: p.datetime(),
  },
});

export class LoginAttempt extends LoginAttemptSchema.class {}
LoginAttemptSchema.setClass(LoginAttempt);
