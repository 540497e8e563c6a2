import { User } from './user.entity';
import { Territory } from './territory.entity';

/** Every entity the ORM knows. Add new ones here (one <name>.entity.ts each). */
export const entities = [User, Territory] as const;

export { User, Territory };
export type { AmountMap } from './territory.entity';
