import type { MovementLike } from '../features/movements';

/** A fleet movement as GET /movements/active answers it; tests override what they look at. */
export const T0 = Date.parse('2030-01-01T00:00:00Z');
export function movement(over: Partial<MovementLike> = {}): MovementLike {
  return {
    id: 'm-1',
    user_id: 1,
    username: 'queen',
    mission_type: 'TRANSPORT',
    original_mission: null,
    is_returning: false,
    is_own_fleet: true,
    is_attacking_player: false,
    is_allied_stationing: false,
    target_owner_id: 1,
    start_territory_id: 7,
    start_territory_name: 'Nest',
    start_region: 1,
    start_sub_region: 2,
    start_position: 3,
    target_territory_id: 8,
    target_territory_name: 'Outpost',
    target_region: 1,
    target_sub_region: 2,
    target_position: 9,
    start_time: new Date(T0).toISOString(),
    arrival_time: new Date(T0 + 100_000).toISOString(),
    created_at: new Date(T0).toISOString(),
    units: [{ unit_key: 'hauler_grub', quantity: 2 }],
    resources: [],
    current_participants: null,
    max_participants: null,
    is_multi_party_initiator: false,
    attack_group_id: null,
    exploration_duration_hours: null,
    is_exploring: false,
    ...over,
  };
}
