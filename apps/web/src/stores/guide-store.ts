import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const GUIDE_STORAGE_KEY = 'guide-storage';

interface GuideState {
  /** Players (user ids) who closed the 'next steps' guide in this browser; kept across logouts. */
  dismissedBy: number[];
  /** How often each player (user id) followed a step: after FOLD_AFTER_FOLLOWS the card folds to one line. */
  followsBy: Record<number, number>;
  dismiss: (userId: number) => void;
  followed: (userId: number) => void;
}

/** The guide has been learnt once it was followed this often: it folds to one line (it can be opened again). */
export const FOLD_AFTER_FOLLOWS = 2;

export const useGuideStore = create<GuideState>()(
  persist(
    (set) => ({
      dismissedBy: [],
      followsBy: {},
      followed: (userId) => set((s) => ({ followsBy: { ...s.followsBy, [userId]: (s.followsBy[userId] ?? 0) + 1 } })),
      dismiss: (userId) => set((s) => ({ dismissedBy: s.dismissedBy.includes(userId) ? s.dismissedBy : [...s.dismissedBy, userId] })),
    }),
    {
      name: GUIDE_STORAGE_KEY,
      partialize: (s) => ({ dismissedBy: s.dismissedBy, followsBy: s.followsBy }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as { dismissedBy?: unknown; followsBy?: unknown };
        const ids = Array.isArray(saved.dismissedBy) ? saved.dismissedBy.filter((id): id is number => Number.isInteger(id)) : [];
        const follows = typeof saved.followsBy === 'object' && saved.followsBy !== null
          ? Object.fromEntries(Object.entries(saved.followsBy).filter(([, n]) => Number.isInteger(n)))
          : {};
        return { ...current, dismissedBy: ids, followsBy: follows as Record<number, number> };
      },
    },
  ),
);
