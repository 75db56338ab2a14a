import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_BASE_PATH, CAST_SECRET_HEADER, CastMessage, CastPairBody, CastReport } from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import { CAST_POLL_TIMEOUT_MS, type CastService } from './cast.service.ts';

const ReceiverParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const PollQuery = z.looseObject({
  // Absent: the receiver knows nothing yet, and is answered at once.
  serial: z.optional(z.pipe(z.coerce.number(), z.int()).check(z.nonnegative())),
  paired: z._default(z.enum(['0', '1']), '0'),
});

/** The receiver's secret, from its header only (never the URL: [Note: Casting]). */
function secretOf(request: FastifyRequest): string | undefined {
  const value = request.headers[CAST_SECRET_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Casting (issue #27, spec 000 §7 cast receiver messages; [Note: Casting]). The sender's
 * calls take the user's token; the receiver's take no token, its secret header is the
 * credential.
 */
export function registerCastRoutes(
  app: FastifyInstance,
  deps: { cast: CastService; draining: AbortSignal },
): void {
  const userRoute = { config: { auth: 'user' as const } };
  const receiverRoute = { config: { auth: 'signed' as const } };
  const publicRoute = { config: { auth: 'public' as const } };
  const base = `${APP_BASE_PATH}/cast`;

  app.post(`${base}/receivers`, publicRoute, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return deps.cast.createReceiver(request.ip);
  });

  app.get(`${base}/receiver`, receiverRoute, async (request, reply) => {
    const { serial, paired } = parseInput(PollQuery, request.query);
    const controller = new AbortController();
    request.raw.once('close', () => {
      controller.abort();
    });
    const onDrain = () => {
      controller.abort();
    };
    deps.draining.addEventListener('abort', onDrain, { once: true });
    if (deps.draining.aborted) controller.abort();
    try {
      const view = await deps.cast.poll(
        secretOf(request),
        { ...(serial !== undefined && { serial }), paired: paired === '1' },
        CAST_POLL_TIMEOUT_MS,
        controller.signal,
      );
      void reply.header('cache-control', 'no-store');
      return view;
    } finally {
      deps.draining.removeEventListener('abort', onDrain);
    }
  });

  app.post(`${base}/receiver/report`, receiverRoute, async (request, reply) => {
    const report = parseInput(CastReport, request.body);
    void reply.header('cache-control', 'no-store');
    return deps.cast.report(secretOf(request), report);
  });

  app.post(`${base}/pair`, userRoute, async (request) => {
    const { code } = parseInput(CastPairBody, request.body);
    return deps.cast.pair(signedInCaller(request), code);
  });

  app.get(`${base}/receivers`, userRoute, async (request) => deps.cast.list(signedInCaller(request)));

  app.post(`${base}/receivers/:id/messages`, userRoute, async (request) => {
    const { id } = parseInput(ReceiverParams, request.params);
    const message = parseInput(CastMessage, request.body);
    return deps.cast.message(signedInCaller(request), id, message);
  });

  app.delete(`${base}/receivers/:id`, userRoute, async (request, reply) => {
    const { id } = parseInput(ReceiverParams, request.params);
    await deps.cast.unpair(signedInCaller(request), id);
    return reply.code(204).send();
  });
}
