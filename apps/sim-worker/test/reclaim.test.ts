import { describe, expect, it } from 'vitest';
import { goneFromThisMachine } from '../src/reclaim';

describe('goneFromThisMachine', () => {
  const self = 'hive-1:100:1a2b3c4d:aaaaaa';
  const running = (pids: number[]) => (pid: number) => pids.includes(pid);

  it('knows a worker of this machine and boot whose process no longer runs is gone, and one still running is not', () => {
    expect(goneFromThisMachine('hive-1:200:1a2b3c4d:bbbbbb', self, running([]))).toBe(true);
    expect(goneFromThisMachine('hive-1:200:1a2b3c4d:bbbbbb', self, running([200]))).toBe(false);
  });

  it("knows an earlier process with this process's own pid is gone (a restarted container)", () => {
    expect(goneFromThisMachine('hive-1:100:1a2b3c4d:cccccc', self, running([100]))).toBe(true);
  });

  it('never judges a worker of another host or boot, an id of the old form, or a machine without a boot id', () => {
    expect(goneFromThisMachine('hive-2:200:1a2b3c4d:bbbbbb', self, running([]))).toBe(false);
    expect(goneFromThisMachine('hive-1:200:99999999:bbbbbb', self, running([]))).toBe(false);
    expect(goneFromThisMachine('hive-1:200:bbbbbb', self, running([]))).toBe(false);
    expect(goneFromThisMachine('hive-1:200:noboot:bbbbbb', 'hive-1:100:noboot:aaaaaa', running([]))).toBe(false);
    expect(goneFromThisMachine('hive-1:x:1a2b3c4d:bbbbbb', self, running([]))).toBe(false);
  });
});
