/** The refusals a command can answer with; the api maps each to its HTTP status. */
export type GameErrorKind = 'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'UNPROCESSABLE_CONTENT' | 'TOO_MANY_REQUESTS';

/** A refused command. The message is the sentence a player reads ('Build queue is full'). */
export class GameError extends Error {
  constructor(
    readonly kind: GameErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'GameError';
  }
}

export const fail = {
  badRequest: (message: string) => new GameError('BAD_REQUEST', message),
  unauthorized: (message: string) => new GameError('UNAUTHORIZED', message),
  forbidden: (message: string) => new GameError('FORBIDDEN', message),
  notFound: (message: string) => new GameError('NOT_FOUND', message),
  conflict: (message: string) => new GameError('CONFLICT', message),
  unprocessable: (message: string) => new GameError('UNPROCESSABLE_CONTENT', message),
  tooMany: (message: string) => new GameError('TOO_MANY_REQUESTS', message),
};
