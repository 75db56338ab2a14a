import { finished, type Readable, type Writable } from 'node:stream';

/**
 * Pipes an upload's body into `target`, which heads a `pipeline` to storage. Unlike a
 * pipeline, a failure downstream (a full disk, a size cap) does not destroy the body: it is
 * unpiped and the rest of it read and dropped. Destroying it stalls the request: busboy
 * waits forever for its destroyed file stream to ask for more, so neither that request's
 * connection nor the next request on it (keep-alive) was answered (issue #10); a destroyed
 * raw request drops the connection before the error answer reaches the client. A body
 * that ends early or fails destroys `target`, so the storage pipeline fails too.
 * Returns the function that stops feeding; call it when the storage pipeline failed.
 */
export function feed(source: Readable, target: Writable): () => void {
  const stopWatching = finished(source, { writable: false }, (error) => {
    if (error) target.destroy(error);
  });
  // The storage pipeline hears target's failure; once it has settled (a failure downstream
  // came first), a body failing later would otherwise be an uncaught 'error' and end the
  // process (a multipart body without its closing boundary did).
  target.on('error', () => undefined);
  source.pipe(target);
  return () => {
    stopWatching();
    source.unpipe(target);
    source.resume();
  };
}

/**
 * Like {@link feed}, but a body that breaks off (a dropped connection) ends `target`
 * cleanly instead of failing it: whatever arrived is stored as a whole, shorter write
 * (a resumable upload's part keeps the bytes a broken PATCH brought). `failure` tells
 * afterwards whether the body broke, so the request still answers with an error.
 */
export function feedKeeping(
  source: Readable,
  target: Writable,
): { stop: () => void; failure: () => Error | undefined } {
  let failure: Error | undefined;
  const stopWatching = finished(source, { writable: false }, (error) => {
    if (!error) return;
    failure = error;
    source.unpipe(target);
    target.end();
  });
  target.on('error', () => undefined);
  source.pipe(target);
  return {
    stop: () => {
      stopWatching();
      source.unpipe(target);
      source.resume();
    },
    failure: () => failure,
  };
}
