import { Writable } from 'node:stream';

/** A log stream for buildApp's `logStream`: each JSON line the api writes is parsed and pushed onto `lines`. */
export function logLinesInto<T = Record<string, unknown>>(lines: T[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line) as T);
      done();
    },
  });
}
