import { basename } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Browser files, longest first (their durations in a whole `npm test` on the 2-core machine, in
 * seconds, rounded). Files run several at a time, so the run ends with its last file: started last,
 * a two-minute file kept the others' workers idle while it ran. A file not listed (a new one) starts
 * first, as the longest may; the list is a schedule, not a test, and a stale entry only costs time.
 */
const E2E_SECONDS: Record<string, number> = {
  'economy.e2e.test.ts': 110,
  'notifications.e2e.test.ts': 105,
  'fleets.e2e.test.ts': 97,
  'battle-lab.e2e.test.ts': 91,
  'intel.e2e.test.ts': 83,
  'first-minutes.e2e.test.ts': 81,
  'multi-party.e2e.test.ts': 75,
  'war.e2e.test.ts': 73,
  'map.e2e.test.ts': 69,
  'moderation.e2e.test.ts': 59,
  'accessibility.e2e.test.ts': 57,
  'accounts.e2e.test.ts': 54,
  'messages.e2e.test.ts': 43,
  'ops-csp.e2e.test.ts': 42,
  'fair-play.e2e.test.ts': 38,
  'standing.e2e.test.ts': 33,
  'player-knows.e2e.test.ts': 32,
  'pwa.e2e.test.ts': 29,
  'explanations.e2e.test.ts': 27,
  'leave.e2e.test.ts': 21,
  'phone-fit.e2e.test.ts': 17,
  'page-layers.e2e.test.ts': 22,
  'map-layers.e2e.test.ts': 10,
  'smoke.test.ts': 21,
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
