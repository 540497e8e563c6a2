import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser files, longest first (their durations in a whole `npm test` on the 2-core machine, in
 * seconds, rounded). Files run several at a time, so the run ends with its last file: started last,
 * a two-minute file kept the others' workers idle while it ran. A file not listed (a new one) starts
 * first, as the longest may; the list is a schedule, not a test, and a stale entry only costs time.
 */
const E2E_SECONDS: Record<string, number> = {
  'fleets.e2e.test.ts': 120,
  'economy.e2e.test.ts': 114,
  'first-minutes.e2e.test.ts': 92,
  'accounts.e2e.test.ts': 76,
  'intel.e2e.test.ts': 75,
  'map.e2e.test.ts': 71,
  'war.e2e.test.ts': 60,
  'accessibility.e2e.test.ts': 54,
  'standing.e2e.test.ts': 51,
  'notifications.e2e.test.ts': 45,
  'multi-party.e2e.test.ts': 39,
  'battle-lab.e2e.test.ts': 39,
  'moderation.e2e.test.ts': 24,
  'ops-csp.e2e.test.ts': 17,
  'smoke.test.ts': 4,
};

/** Vitest's own order (files that failed last time first, then by size or last duration), but browser files longest first. */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const seconds = (file: TestSpecification) => (file.project.name === 'e2e' ? (E2E_SECONDS[basename(file.moduleId)] ?? Infinity) : 0);
    // Array.prototype.sort is stable: files of the other projects keep vitest's order.
    return sorted.sort((a, b) => seconds(b) - seconds(a));
  }
}
