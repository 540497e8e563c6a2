import { useCallback, useState } from 'react';
import { useLabStore } from '../../../stores/lab-store';
import { emptyForm, type LabForm } from './lab-form';
import { newSeed } from './lab-stats';

/**
 * A player's simulator form, kept in the lab store (sessionStorage) so it outlives the Simulator
 * sub-view until `clear`. `setForm` takes a change of the latest form and keeps one identity, so the
 * memoised parts of the form are not redrawn by a neighbour's edit.
 */
export function useLabForm(userId: number) {
  const stored = useLabStore((s) => s.forms[String(userId)]);
  const [initial] = useState(() => emptyForm(newSeed()));
  const setForm = useCallback(
    (change: (form: LabForm) => LabForm) => {
      const store = useLabStore.getState();
      store.setForm(userId, change(store.forms[String(userId)] ?? initial));
    },
    [userId, initial],
  );
  const clear = useCallback(() => useLabStore.getState().setForm(userId, emptyForm(newSeed())), [userId]);
  return { form: stored ?? initial, setForm, clear };
}
