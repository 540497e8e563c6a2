import { defineEntity, p } from '@mikro-orm/postgresql';

/** The ranks of an alliance, highest first (spec social §1). */
export const ALLIANCE_RANKS = ['LEADER', 'OFFICER', 'MEMBER'] as const;
export type AllianceRank = (typeof ALLIANCE_RANKS)[number];

export const APPLICATION_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** An alliance. Its leader is the member of rank LEADER (one per alliance, enforced by an index). */
export const AllianceSchema = defineEntity({
  name: 'Alliance',
  tableName: 'alliances',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(50),
    tag: p.string().length(5),
    description: p.string().length(500).default(''),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export class Alliance extends AllianceSchema.class {}
AllianceSchema.setClass(Alliance);

/** A player's membership: at most one per player (user_id is the key). */
export const AllianceMemberSchema = defineEntity({
  name: 'AllianceMember',
  tableName: 'alliance_members',
  properties: {
    userId: p.integer().primary(),
    allianceId: p.integer(),
    rank: p.enum(ALLIANCE_RANKS),
    joinedAt: p.datetime(),
  },
});
export class AllianceMember extends AllianceMemberSchema.class {}
AllianceMemberSchema.setClass(AllianceMember);

/** A request to join; decided once by the leader or an officer. */
export const AllianceApplicationSchema = defineEntity({
  name: 'AllianceApplication',
  tableName: 'alliance_applications',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer(),
    allianceId: p.integer(),
    message: p.string().length(250).nullable(),
    status: p.enum(APPLICATION_STATUSES).default('PENDING'),
    createdAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
  },
});
export class AllianceApplication extends AllianceApplicationSchema.class {}
AllianceApplicationSchema.setClass(AllianceApplication);
