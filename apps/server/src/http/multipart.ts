import type { Multipart } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * [Note: Malformed multipart] busboy reports a body that is not well-formed multipart (no
 * boundary, one the body never uses, one over 256 bytes, no closing boundary) with plain
 * `Error`s, which would render as 500. They are the client's fault, so they become one 400
 * `bad_request`. The plugin's own errors (limits, a connection closed early) already carry
 * a status and pass unchanged.
 */
function malformed(error: unknown): unknown {
  if (error instanceof AppError || hasStatus(error)) return error;
  return new AppError(400, 'bad_request', 'The body is not well-formed multipart/form-data');
}

function hasStatus(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof Reflect.get(error, 'statusCode') === 'number';
}

/**
 * The parts of a multipart request, in order. A body the parser cannot read ends the
 * iteration with a 400 (see [Note: Malformed multipart]); errors thrown by the loop's own
 * body pass through untouched. The parser also fails the file part it is in, so a consumer
 * that failed should keep iterating: the next step brings the parser's verdict, if any.
 */
export async function* multipartParts(request: FastifyRequest): AsyncGenerator<Multipart> {
  try {
    yield* request.parts();
  } catch (error) {
    throw malformed(error);
  }
}
