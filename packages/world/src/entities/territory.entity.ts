import { defineEntity, p } from '@mikro-orm/postgresql';
import { User } from './user.entity';

/** Amounts per key (resources, structure levels, unit counts): jsonb maps on the row we lock anyway. */
export type AmountMap = Record<string, number>;

export const TerritorySchema = defineEntity({
  name: 'Territory',
  tableName: 'territories',
  properties: {
    id: p.integer().primary().autoincrement(),
    owner: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    name: p.string().length(32),
    region: p.integer(),
    subRegion: p.integer(),
    position: p.integer(),
    /** Stock as of resourcesUpdatedAt; reads settle it to now (lazy accrual). */
    resources: p.json<AmountMap>(),
    resourcesUpdatedAt: p.datetime(),
    structures: p.json<AmountMap>(),
    /** Units and defenses at home. */
    units: p.json<AmountMap>(),
    defenses: p.json<AmountMap>(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Territory extends TerritorySchema.class {}
TerritorySchema.setClass(Territory);
