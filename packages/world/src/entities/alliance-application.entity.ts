import { defineEntity, p } from '@mikro-orm/postgresql';
import { APPLICATION_STATUSES } from './alliance.entity';

/** A request to join; decided once by the leader or an officer. */
export const AllianceApplicationSchema = defineEntity({
  name: 'AllianceApplication',
  tableName: 'alliance_applications',
  properties: {
    id: p.integer().primary().autoincrement(),
    userId: p.integer(),
    allianceId: p.integer(),
    message: p.string().length(250).nullable(),
    status: p.enum(APPLICATION_STATUSES).columnType('varchar(8)').default('PENDING'),
    createdAt: p.datetime(),
    decidedAt: p.datetime().nullable(),
  },
});
export class AllianceApplication extends AllianceApplicationSchema.class {}
AllianceApplicationSchema.setClass(AllianceApplication);
