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
