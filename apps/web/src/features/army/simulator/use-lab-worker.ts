import { useCallback, useEffect, useRef } from 'react';
import type { BattleOdds } from '@brood/game-core';
import type { LabAnswer, LabRequest } from './lab-run';

interface Waiting {
  resolve: (answer: LabAnswer) => void;
  reject: (error: Error) => void;
}

/** One battle worker for the simulator while it is shown; `run` answers the odds and the milliseconds they took. */
export function useLabWorker() {
  const worker = useRef<Worker | null>(null);
  const pending = useRef(new Map<number, Waiting>());
  const nextId = useRef(0);

  useEffect(() => {
    const waiting = pending.current;
    return () => {
      worker.current?.terminate();
      worker.current = null;
      waiting.clear();
    };
  }, []);

  return useCallback((request: Omit<LabRequest, 'id'>): Promise<{ odds: BattleOdds; ms: number }> => {
    if (!worker.current) {
      const w = new Worker(new URL('./battle.worker.ts', import.meta.url), { type: 'module', name: 'battle-lab' });
      w.onmessage = (event: MessageEvent<LabAnswer>) => {
        pending.current.get(event.data.id)?.resolve(event.data);
        pending.current.delete(event.data.id);
      };
      w.onerror = (event) => {
        for (const waiting of pending.current.values()) waiting.reject(new Error(event.message || 'The battle worker failed.'));
        pending.current.clear();
        w.terminate();
        worker.current = null;
      };
      worker.current = w;
    }
    nextId.current += 1;
    const id = nextId.current;
    const started = performance.now();
    return new Promise((resolve, reject) => {
      pending.current.set(id, {
        resolve: (answer) => resolve({ odds: JSON.parse(answer.odds) as BattleOdds, ms: performance.now() - started }),
        reject,
      });
      worker.current!.postMessage({ ...request, id });
    });
  }, []);
}
