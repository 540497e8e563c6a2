import type { NotificationItem } from './notification-types';

/** A notification as the api would send it, for component tests. */
export function makeNotification(overrides: Partial<NotificationItem> = {}): NotificationItem {
  return {
    id: '3f2a9c1e-7b4d-4e21-9a0b-5c6d7e8f9a0b',
    user_id: 7,
    message_type: 'GENERIC_INFORMATION',
    title: 'A message from the hive',
    content: 'Hello',
    is_read: false,
    created_at: new Date(Date.now() - 5 * 60_000),
    related_object_id: null,
    ...overrides,
  };
}

/** The catalogue names component tests need (answers gameData.all). */
export const TEST_GAME_DATA = {
  resources: { fiber: { name: 'Fiber' }, biomass: { name: 'Biomass' } },
  units: { drone: { name: 'Spore Drone' }, brute: { name: 'Chitin Brute' } },
  defenses: { spine_wall: { name: 'Spine Wall' } },
  structures: { spore_vat: { name: 'Spore Vat' } },
  technologies: { hive_mind: { name: 'Hive Mind' } },
  universe: { map: { regions: 961, sub_regions: 961, positions: 25 } },
};

export function answerGameData(path: string): unknown {
  if (path === 'gameData.all') return TEST_GAME_DATA;
  throw new Error(`unexpected call ${path}`);
}
