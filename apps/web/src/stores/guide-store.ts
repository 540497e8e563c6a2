import { create } from 'zustand';
import { persist } from 'zustand/middleware';

export const GUIDE_STORAGE_KEY = 'guide-storage';

interface GuideState {
  /** Players (user ids) who closed the 'next steps' guide in this browser; kept across logouts. */
  dismissedBy: number[];
  dismiss: (userId: number) => void;
}

export const useGuideStore = create<GuideState>()(
  persist(
    (set) => ({
      dismissedBy: [],
      dismiss: (userId) => set((s) => ({ dismissedBy: s.dismissedBy.includes(userId) ? s.dismissedBy : [...s.dismissedBy, userId] })),
    }),
    {
      name: GUIDE_STORAGE_KEY,
      partialize: (s) => ({ dismissedBy: s.dismissedBy }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as { dismissedBy?: unknown };
        const ids = Array.isArray(saved.dismissedBy) ? saved.dismissedBy.filter((id): id is number => Number.isInteger(id)) : [];
        return { ...current, dismissedBy: ids };
      },
    },
  ),
);
