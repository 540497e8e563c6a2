import type { EntityManager } from '@mikro-orm/postgresql';
import type { AmountMap } from '../entities/territory.entity';
import { mapRows } from './map.query';

export interface WreckageFieldView {
  id: number;
  region: number;
  sub_region: number;
  position: number;
  resources: AmountMap;
  expires_at: Date;
}

/** Every wreckage field not yet expired at `now` (fields live 72 h, so the set stays small). */
export async function activeWreckageFields(em: EntityManager, now: Date): Promise<WreckageFieldView[]> {
  return mapRows<WreckageFieldView>(
    em,
    `select id, region, sub_region, position, resources, expires_at
       from wreckage_fields
      where expires_at > $1
      order by region, sub_region, position`,
    [now],
  );
}
