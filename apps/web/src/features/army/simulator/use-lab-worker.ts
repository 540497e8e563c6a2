import { useCallback, useEffect, useRef } from 'react';
import type { BattleOdds } from '@brood/game-core';
import type { Catalogue } from '@brood/game-data';
import type { LabAnswer, LabMessage, LabRequest } from './lab-run';

interface Waiting {
  resolve: (answer: LabAnswer) => void;
  reject: (error: Error) => void;
}

/**
 * One battle worker for the simulator while it is shown, started when it is (its script is loaded and
 * compiled before the first 'Simulate', not in that click's frames); `run` answers the odds and the
 * milliseconds they took. The catalogue goes to the worker once, not with every run.
 */
export function useLabWorker() {
  const worker = useRef<Worker | null>(null);
  const sentCatalogue = useRef<Catalogue | null>(null);
  const pending = useRef(new Map<number, Waiting>());
  const nextId = useRef(0);

  const start = useCallback((): Worker => {
    if (worker.current) return worker.current;
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
    sentCatalogue.current = null;
    return w;
  }, []);

  useEffect(() => {
    const waiting = pending.current;
    // a DOM without Web Workers (a component test's) starts none until a run asks for one
    if (typeof Worker !== 'undefined') start();
    return () => {
      worker.current?.terminate();
      worker.current = null;
      waiting.clear();
    };
  }, [start]);

  return useCallback(
    ({ catalogue, ...request }: Omit<LabRequest, 'id'>): Promise<{ odds: BattleOdds; ms: number }> => {
      const w = start();
      nextId.current += 1;
      const id = nextId.current;
      const message: LabMessage = catalogue === sentCatalogue.current ? { ...request, id } : { ...request, id, catalogue };
      sentCatalogue.current = catalogue;
      const started = performance.now();
      return new Promise((resolve, reject) => {
        pending.current.set(id, {
          resolve: (answer) => resolve({ odds: JSON.parse(answer.odds) as BattleOdds, ms: performance.now() - started }),
          reject,
        });
        w.postMessage(message);
      });
    },
    [start],
  );
}
