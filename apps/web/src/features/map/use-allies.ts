import { useMemo } from 'react';
import { useAllianceDetail, useMembership } from '../alliance';

const NONE: ReadonlySet<number> = new Set();

/** The user ids of the player's alliance members (without the player), for what the map may offer at their territories. */
export function useAllyIds(me: number | null): ReadonlySet<number> {
  const membership = useMembership();
  const detail = useAllianceDetail(membership?.alliance_id ?? null);
  const members = membership ? detail.data?.members : undefined;
  return useMemo(() => (members ? new Set(members.map((m) => m.user_id).filter((id) => id !== me)) : NONE), [members, me]);
}
