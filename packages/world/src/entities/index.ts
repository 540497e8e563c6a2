import { User } from './user.entity';

/** Every entity the ORM knows. Add new ones here (one <name>.entity.ts each). */
export const entities = [User] as const;

export { User };
