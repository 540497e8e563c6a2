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
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
