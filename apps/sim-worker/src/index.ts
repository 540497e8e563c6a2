export { jobs } from './jobs';
export { startWorker, runJob, type WorkerOptions } from './worker';
export { readWorkerEnv, type WorkerEnv } from './env';
