import pg from 'pg';
import { afterAll, afterEach } from 'vitest';

/*
 * Fails a test that sends a query to a pg client still busy with another one (two queries of one
 * request transaction started together, e.g. in Promise.all): pg 8 queues it and warns, pg 9 will
 * throw. pg's own warning comes only once per process and only when a third query has to wait, so
 * `Client#query` is also checked here for a query still running or waiting (pg's private state).
 * PGlite queues such queries silently: only a run on PostgreSQL can find them.
 */
const OVERLAP = 'already executing a query';
const seen: Error[] = [];

const onWarning = (warning: Error) => {
  if (warning.message.includes(OVERLAP)) seen.push(warning);
};
process.on('warning', onWarning);

interface ClientQueue {
  pipeline?: boolean;
  _activeQuery?: unknown;
  _queryQueue?: unknown[];
}
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client & ClientQueue, ...args: unknown[]) {
  if (!this.pipeline && (this._activeQuery || (this._queryQueue?.length ?? 0) > 0)) {
    seen.push(new Error(`Client#query() was called when the client is ${OVERLAP}`));
  }
  return (query as (...queryArgs: unknown[]) => unknown).apply(this, args);
} as typeof query;

function failOnOverlap(where: string) {
  if (seen.length === 0) return;
  const [first] = seen.splice(0);
  throw new Error(
    `${where}: ${first!.message}. Await the queries one after another on the transaction ` +
      `instead of together.\n${first!.stack ?? ''}`,
  );
}

afterEach(() => failOnOverlap('This test ran overlapping queries'));

afterAll(() => {
  process.off('warning', onWarning);
  pg.Client.prototype.query = query;
  failOnOverlap('A hook of this file ran overlapping queries');
});
