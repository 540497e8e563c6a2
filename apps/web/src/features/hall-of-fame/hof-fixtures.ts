import type { HallOfFameEntry } from './hall-of-fame-queries';

/** A Hall of Fame entry as the server lists it (ana beat bo), with `patch` applied. */
export function hallOfFameEntry(patch: Partial<HallOfFameEntry> = {}): HallOfFameEntry {
  return {
    id: 7,
    attacker_user_id: 1,
    attacker_username: 'ana',
    defender_user_id: 2,
    defender_username: 'bo',
    outcome: 'ATTACKER_WIN',
    total_unit_value: 125_000,
    combat_timestamp: '2030-01-01T12:00:00.000Z',
    combat_log_data: { outcome: 'ATTACKER_WIN', participant_results: [], rounds_fought: 2 },
    comments_count: 1,
    ...patch,
  };
}
