import superjson from 'superjson';
import type { PersistStorage, StorageValue } from 'zustand/middleware';

/**
 * localStorage through superjson, so persisted Dates (a guest's expires_at) come back as Dates.
 * A value that cannot be read (edited by hand, older format) counts as nothing stored.
 */
export function superjsonStorage<S>(): PersistStorage<S> {
  return {
    getItem(name) {
      const raw = globalThis.localStorage?.getItem(name);
      if (!raw) return null;
      try {
        const value = superjson.parse<StorageValue<S>>(raw);
        return value && typeof value === 'object' && 'state' in value ? value : null;
      } catch {
        return null;
      }
    },
    setItem(name, value) {
      globalThis.localStorage?.setItem(name, superjson.stringify(value));
    },
    removeItem(name) {
      globalThis.localStorage?.removeItem(name);
    },
  };
}
