import { defineEntity, p } from '@mikro-orm/postgresql';

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p.integer().primary().autoincrement(),
    username: p.string().length(50),
    email: p.string().length(254),
    passwordHash: p.string().hidden(),
    avatarId: p.integer().default(1),
    score: p.double().default(0),
    isTestAccount: p.boolean().default(false),
    expiresAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** An operator of this universe (migration 0080): set only by `npm run admin -- grant <username>`. */
    isOperator: p.boolean().default(false),
    /** A suspended account's tokens are refused on every call and its sign-ins too. */
    suspendedAt: p.datetime().nullable(),
    suspensionReason: p.string().length(500).nullable(),
    /** Where the account was made and last signed in from (the moderation console's multi-account signals). */
    signupIp: p.string().length(64).nullable(),
    lastLoginIp: p.string().length(64).nullable(),
    lastLoginAt: p.datetime().nullable(),
    /** The last sign-in or signed-in call, written at most every few minutes (migration 0180): fair play's 'i' and 'I', buddies' 'online'. */
    lastActiveAt: p.datetime().nullable(),
    /** When the player's vacation started, or null (production, queues and fleets stand still). */
    vacationSince: p.datetime().nullable(),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
