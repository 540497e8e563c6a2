import { defineEntity, p } from '@mikro-orm/postgresql';
import { ALLIANCE_RANKS } from './alliance.entity';

/** A player's membership: at most one per player (user_id is the key). */
export const AllianceMemberSchema = defineEntity({
  name: 'AllianceMember',
  tableName: 'alliance_members',
  properties: {
    userId: p.integer().primary().autoincrement(false),
    allianceId: p.integer(),
    rank: p.enum(ALLIANCE_RANKS).columnType('varchar(8)'),
    joinedAt: p.datetime(),
  },
});
export class AllianceMember extends AllianceMemberSchema.class {}
AllianceMemberSchema.setClass(AllianceMember);
