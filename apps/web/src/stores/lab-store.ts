import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { isLabForm, type LabForm } from '../features/army/simulator/lab-form';

export const LAB_STORAGE_KEY = 'battle-lab';

interface LabState {
  /** Each player's simulator form in this tab, by user id: kept while they leave the simulator, until they clear it. */
  forms: Record<string, LabForm>;
  setForm: (userId: number, form: LabForm) => void;
}

/**
 * The battle simulator's forms, in sessionStorage (this browser tab, this player): leaving the
 * Simulator sub-view, the Army tab or the dashboard does not lose a plan; 'Clear' does.
 */
export const useLabStore = create<LabState>()(
  persist(
    (set) => ({
      forms: {},
      setForm: (userId, form) => set((s) => ({ forms: { ...s.forms, [String(userId)]: form } })),
    }),
    {
      name: LAB_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ forms: s.forms }),
      // A stored value that is not a form (edited by hand, an older shape) counts as nothing stored.
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as { forms?: unknown };
        const forms = saved.forms && typeof saved.forms === 'object' ? Object.entries(saved.forms).filter(([, f]) => isLabForm(f)) : [];
        return { ...current, forms: Object.fromEntries(forms) as Record<string, LabForm> };
      },
    },
  ),
);
