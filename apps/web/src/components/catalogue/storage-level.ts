/** Storage warning of a resource chip (core §9): red at full, yellow at 95% or more. */
export type StorageLevel = 'full' | 'warning' | 'ok';

export const STORAGE_WARNING_SHARE = 0.95;

export function storageLevel(amount: number, capacity: number | null | undefined): StorageLevel {
  if (capacity === null || capacity === undefined || !Number.isFinite(capacity) || capacity <= 0) return 'ok';
  if (amount >= capacity) return 'full';
  if (amount >= capacity * STORAGE_WARNING_SHARE) return 'warning';
  return 'ok';
}

/** Colour of a chip's amount for a storage level (Mantine colour names). */
export function storageColor(level: StorageLevel): string | undefined {
  return level === 'full' ? 'red' : level === 'warning' ? 'yellow' : undefined;
}
