import { randomInt, randomUUID } from 'node:crypto';
import {
  CAST_CODE_ALPHABET,
  CAST_CODE_LENGTH,
  CAST_CODE_TTL_MS,
  CAST_IDLE_MS,
  normalizeCastCode,
  type CastMessage,
  type CastReceiverCreated,
  type CastReceiverList,
  type CastReceiverState,
  type CastReceiverView,
  type CastReport,
} from '@trove/contract';
import type { Access } from '../../access/access.ts';
import type { AccountAccess } from '../../access/account-access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import { castHash, type CastAccess } from '../../access/cast-access.ts';
import { SESSIONS_REFUSED_CHANNEL } from '../../access/session-revocations.ts';
import { NotFoundError, RateLimitedError, ValidationError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { randomSecret } from '../../identity/crypto.ts';
import { QuotaExceeded, type QuotaCharge, type Quotas } from '../../identity/quota.ts';
import type { MediaLinks } from '../media/media-links.ts';
import { playbackOf, queueOf, receiverView } from './cast-view.ts';
import type { CastPlaybackRow, CastReceiver, CastRepository } from './cast.repository.ts';

/*
 * [Note: Casting]
 *
 * Spec 000 casts from the carousel, the album view and the slideshow to a receiver app with
 * the messages of §7 (load single item, autoplay changed, play or pause, seek, get receiver
 * state), over Google Cast's device-sync namespace. Trove cannot register a receiver with
 * Google, so the receiver is Trove's own page, /tv, which any TV browser opens
 * (docs/SPEC-DEVIATIONS.md). The messages go through the server:
 *
 * - The TV asks for a receiver (POST /cast/receivers, throttled per address) and gets a
 *   secret, which it keeps and sends in a header, and a short code it shows (10 minutes,
 *   used once, stored hashed).
 * - A signed-in sender pairs with the code (POST /cast/pair; tries are counted per account
 *   and per address against guessing). Any session of that account may then control it.
 * - A sender's message writes the receiver's row (the queue and playback, `serial` one up)
 *   and publishes on the bus channel `cast:<receiver>`; the receiver's long poll (GET
 *   /cast/receiver) waits on that channel, so it works across nodes whenever the bus does
 *   (Redis), as the long poll of changes does. The row is the truth, the bus a wake-up.
 *   cast.nodes.test.ts proves it with two apps in one process; e2e/tests/cast-two-nodes.spec.ts
 *   in a browser, the TV on one `trove serve` process and the sender on another.
 * - The receiver steps on its own (the slideshow's timer, the remote's keys) and says where
 *   it is (POST /cast/receiver/report); `get_receiver_state` reads that back.
 * - The receiver sees only the sender's queue, through URLs signed in the media scope of the
 *   session that loaded it and living half an hour at most. The pairing ends when the sender
 *   unpairs, when that session ends (logout, device removed, account disabled or deleted:
 *   the session-revocation hooks, heard on the bus's `sessions_refused`), or after
 *   CAST_IDLE_MS without a sender's call; the receiver's next call then answers 404, and the
 *   TV asks for a new code.
 */

/** A long poll answers at the latest after this, as the change poll does. */
export const CAST_POLL_TIMEOUT_MS = 25_000;
/** At most this many receivers paired to one account. */
export const CAST_MAX_RECEIVERS = 10;
const HOUR = 3_600_000;
/** Receivers one address may open in an hour: a TV asks for one per code. */
const RECEIVERS_PER_ADDRESS = { limit: 60, windowMs: HOUR };
/**
 * Pairing tries in 10 minutes, per account and (more, for a household behind one address)
 * per address: with ~10^9 codes, guessing a live one is hopeless.
 */
const PAIR_TRIES = { limit: 20, windowMs: 10 * 60_000 };
const PAIR_TRIES_PER_ADDRESS = { limit: 60, windowMs: 10 * 60_000 };

export const castChannel = (receiverId: string) => `cast:${receiverId}`;

function newCode(): string {
  let code = '';
  for (let i = 0; i < CAST_CODE_LENGTH; i++)
    code += CAST_CODE_ALPHABET.charAt(randomInt(CAST_CODE_ALPHABET.length));
  return code;
}

export function createCastService(deps: {
  cast: CastRepository;
  castAccess: CastAccess;
  accountAccess: AccountAccess;
  access: Access;
  links: MediaLinks;
  bus: EventBus;
  quotas: Quotas;
  now: () => number;
}) {
  const { cast, castAccess, bus, now } = deps;

  async function charge(charges: QuotaCharge[]): Promise<void> {
    await deps.quotas.take(charges).catch((error: unknown) => {
      throw error instanceof QuotaExceeded ? new RateLimitedError(error.retryAfterSeconds) : error;
    });
  }

  /** The receiver of `secret` with its pairing in force; a lapsed pairing is removed (404). */
  async function pairedReceiver(secret: string | undefined): Promise<{ row: CastReceiver; paired: boolean }> {
    const { id } = await castAccess.receiver(secret);
    const row = await cast.findById(id);
    if (!row) throw new NotFoundError();
    if (row.user_id === null) return { row, paired: false };
    if (await castAccess.isLive(row)) return { row, paired: true };
    await cast.remove(row.id);
    throw new NotFoundError();
  }

  async function stateOf(id: string): Promise<CastReceiverState> {
    const row = await cast.findById(id);
    if (!row) throw new NotFoundError();
    const queue = queueOf(row);
    const playback = playbackOf(row);
    return {
      receiver_id: row.id,
      file_id: queue[playback.index] ?? null,
      count: queue.length,
      playback,
      reported_at: row.reported_at,
    };
  }

  const toRow = (p: CastReport): CastPlaybackRow => ({
    item_index: p.index,
    playing: p.playing ? 1 : 0,
    autoplay: p.autoplay ? 1 : 0,
    position_ms: p.position_ms,
  });

  return {
    /** POST /cast/receivers: a TV's receiver, its secret and its first code. */
    async createReceiver(clientIp: string): Promise<CastReceiverCreated> {
      await charge([{ key: `cast_receiver:${clientIp}`, units: 1, ...RECEIVERS_PER_ADDRESS }]);
      const t = now();
      await cast.removeLapsed(t, CAST_IDLE_MS);
      const secret = randomSecret(32);
      const code = newCode();
      const id = randomUUID();
      await cast.insert({
        id,
        secret_hash: castHash(secret),
        code_hash: castHash(code),
        code_expires_at: t + CAST_CODE_TTL_MS,
        created_at: t,
        user_id: null,
        session_id: null,
        media_scope: null,
        paired_at: null,
        sender_seen_at: null,
        job_id: null,
        file_ids: null,
        item_index: 0,
        playing: 0,
        autoplay: 0,
        position_ms: 0,
        serial: 0,
        reported_at: null,
      });
      return { receiver_id: id, secret, code, code_expires_in_ms: CAST_CODE_TTL_MS };
    },

    /** POST /cast/pair: the caller's account takes the receiver showing `code`. */
    async pair(caller: SignedInCaller, typed: string): Promise<CastReceiverState> {
      await deps.accountAccess.require(caller, 'castToReceiver');
      await charge([
        { key: `cast_pair:${caller.userId}`, units: 1, ...PAIR_TRIES },
        { key: `cast_pair_ip:${caller.clientIp}`, units: 1, ...PAIR_TRIES_PER_ADDRESS },
      ]);
      const code = normalizeCastCode(typed);
      const codeHash = castHash(code);
      const t = now();
      const row = await cast.findByCode(codeHash, t);
      if (!row) throw new NotFoundError('No TV shows this code');
      if ((await cast.countPaired(caller.userId)) >= CAST_MAX_RECEIVERS)
        throw new ValidationError(`At most ${String(CAST_MAX_RECEIVERS)} TVs`);
      const taken = await cast.pair(row.id, codeHash, {
        user_id: caller.userId,
        session_id: caller.sessionId,
        now: t,
      });
      if (!taken) throw new NotFoundError('No TV shows this code');
      await bus.publish(castChannel(row.id), 'paired');
      return stateOf(row.id);
    },

    /** GET /cast/receivers: the receivers paired to the caller's account and in force. */
    async list(caller: SignedInCaller): Promise<CastReceiverList> {
      await deps.accountAccess.require(caller, 'castToReceiver');
      const receivers = [];
      for (const row of await cast.listForUser(caller.userId)) {
        if (await castAccess.isLive(row)) receivers.push({ id: row.id, paired_at: row.paired_at ?? 0 });
      }
      return { receivers };
    },

    /** POST /cast/receivers/{id}/messages: one §7 receiver message; answers the receiver's state. */
    async message(caller: SignedInCaller, id: string, message: CastMessage): Promise<CastReceiverState> {
      await deps.accountAccess.require(caller, 'castToReceiver');
      await castAccess.requireSender(caller, id);
      await cast.touchSender(id, now());
      const row = await cast.findById(id);
      if (!row) throw new NotFoundError();
      const current = playbackOf(row);
      switch (message.type) {
        case 'get_receiver_state':
          return stateOf(id);
        case 'load': {
          // The receiver sees what the sender may read, no more: the job table decides.
          const { mediaScope } = await deps.access.requireJob(caller, message.job_id, 'read');
          const wanted = message.file_ids[message.index];
          if (wanted === undefined) throw new ValidationError('index is past the queue');
          const known = new Set((await cast.filesOf(message.job_id, message.file_ids)).map((f) => f.id));
          const queue = [...new Set(message.file_ids)].filter((fileId) => known.has(fileId));
          const index = queue.indexOf(wanted);
          if (index < 0) throw new NotFoundError();
          await cast.command(
            id,
            toRow({
              index,
              playing: true,
              autoplay: message.autoplay,
              position_ms: message.position_ms ?? 0,
            }),
            {
              job_id: message.job_id,
              file_ids: JSON.stringify(queue),
              media_scope: mediaScope,
              session_id: caller.sessionId,
            },
          );
          break;
        }
        case 'autoplay_changed':
          await cast.command(id, toRow({ ...current, autoplay: message.autoplay }));
          break;
        case 'play_or_pause':
          await cast.command(id, toRow({ ...current, playing: message.playing }));
          break;
        case 'seek':
          await cast.command(id, toRow({ ...current, position_ms: message.position_ms }));
          break;
      }
      await bus.publish(castChannel(id), 'message');
      return stateOf(id);
    },

    /** DELETE /cast/receivers/{id}: the sender ends the pairing; the TV shows a new code. */
    async unpair(caller: SignedInCaller, id: string): Promise<void> {
      await deps.accountAccess.require(caller, 'castToReceiver');
      await castAccess.requireSender(caller, id);
      await cast.remove(id);
      await bus.publish(castChannel(id), 'unpaired');
    },

    /**
     * GET /cast/receiver: the receiver's long poll. Answers at once when the receiver's
     * `serial` or pairing is behind, else when a sender's message, the pairing's end or the
     * timeout wakes it.
     */
    async poll(
      secret: string | undefined,
      known: { serial?: number; paired: boolean },
      timeoutMs: number,
      signal: AbortSignal,
    ): Promise<CastReceiverView> {
      const first = await castAccess.receiver(secret);
      const woken = Promise.withResolvers<undefined>();
      const wake = () => {
        woken.resolve(undefined);
      };
      // Subscribe before reading: a message committed in between still wakes the poll.
      const unsubscribe = bus.subscribe(castChannel(first.id), wake);
      const unsubscribeSessions = bus.subscribe(SESSIONS_REFUSED_CHANNEL, (message) => {
        if (first.session_id !== null && message.split(',').includes(first.session_id)) wake();
      });
      const timer = setTimeout(wake, timeoutMs);
      signal.addEventListener('abort', wake);
      if (signal.aborted) wake();
      try {
        await bus.ready();
        const before = await pairedReceiver(secret);
        // A receiver that sent no serial knows nothing yet: it is answered at once.
        if (before.row.serial === known.serial && before.paired === known.paired) await woken.promise;
        const { row, paired } = await pairedReceiver(secret);
        return await receiverView(row, paired, { cast, links: deps.links });
      } finally {
        clearTimeout(timer);
        unsubscribe();
        unsubscribeSessions();
        signal.removeEventListener('abort', wake);
      }
    },

    /** POST /cast/receiver/report: where the receiver is now; answers its new window. */
    async report(secret: string | undefined, report: CastReport): Promise<CastReceiverView> {
      const { row, paired } = await pairedReceiver(secret);
      if (!paired) throw new NotFoundError();
      const count = queueOf(row).length;
      if (report.index >= Math.max(count, 1)) throw new ValidationError('index is past the queue');
      await cast.report(row.id, toRow(report), now());
      const after = await cast.findById(row.id);
      if (!after) throw new NotFoundError();
      return receiverView(after, true, { cast, links: deps.links });
    },
  };
}
export type CastService = ReturnType<typeof createCastService>;
