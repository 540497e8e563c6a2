import { defineEntity, p } from '@mikro-orm/postgresql';
import type { AmountMap } from './territory.entity';

/** Debris at a position after a battle: resources anyone may salvage until it expires. One per position. */
export const WreckageFieldSchema = defineEntity({
  name: 'WreckageField',
  tableName: 'wreckage_fields',
  properties: {
    id: p.integer().primary().autoincrement(),
    region: p.integer(),
    subRegion: p.integer(),
    position: p.integer(),
    resources: p.json<AmountMap>(),
    createdAt: p.datetime().onCreate(() => new Date()),
    /** Gone after this instant: reads ignore it, a cleanup job deletes it. */
    expiresAt: p.datetime(),
  },
});

export class WreckageField extends WreckageFieldSchema.class {}
WreckageFieldSchema.setClass(WreckageField);
