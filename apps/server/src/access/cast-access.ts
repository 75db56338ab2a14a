import { CAST_IDLE_MS } from '@trove/contract';
import { NotFoundError } from '../errors.ts';
import { sha256Hex } from '../identity/crypto.ts';
import type { SignedInCaller } from './caller.ts';

/*
 * Who may act on a cast receiver (issue #27, [Note: Casting]). Two kinds of caller:
 *
 * - The receiver: a TV with no account and no token. It holds the secret it was given when
 *   it showed its first code, sent in a header (never in a URL). It may read only what its
 *   sender cast and say where it is; nothing else of any account.
 * - The sender: a signed-in caller whose account the receiver is paired to. Any session of
 *   that account may control it ("a receiver already paired to this account"); the pairing
 *   lives while the session that last cast lives, and ends after CAST_IDLE_MS without a
 *   sender's call.
 *
 * A receiver that is unknown, not the caller's, or whose pairing has ended answers exactly as
 * a missing one: 404.
 */

/** What access reads of a receiver (the cast repository answers it). */
export interface CastReceiverRow {
  id: string;
  user_id: string | null;
  session_id: string | null;
  sender_seen_at: number | null;
}

/** A port, so `access/` needs nothing from the modules above it. */
export interface CastReceiverReader {
  findBySecretHash(secretHash: string): Promise<CastReceiverRow | undefined>;
  findById(id: string): Promise<CastReceiverRow | undefined>;
  /** Whether the session exists and has not ended (logout, device removed, account disabled or deleted). */
  isSessionLive(sessionId: string): Promise<boolean>;
}

/** The stored form of a secret or a code. */
export const castHash = (value: string) => sha256Hex(value);

/**
 * Is the pairing still in force? Paired, its sender's session live, and its sender heard
 * from within CAST_IDLE_MS. `sessionLive` is asked only when the rest holds.
 */
export async function isPairingLive(
  row: CastReceiverRow,
  sessionLive: (sessionId: string) => Promise<boolean>,
  now: number,
): Promise<boolean> {
  if (row.user_id === null || row.session_id === null || row.sender_seen_at === null) return false;
  if (row.sender_seen_at + CAST_IDLE_MS <= now) return false;
  return sessionLive(row.session_id);
}

export function createCastAccess(deps: { receivers: CastReceiverReader; now: () => number }) {
  const { receivers } = deps;
  return {
    /**
     * The receiver whose secret the caller holds, paired or not.
     * @throws NotFoundError for an unknown secret.
     */
    async receiver(secret: string | undefined): Promise<CastReceiverRow> {
      if (secret === undefined || secret.length < 20 || secret.length > 200) throw new NotFoundError();
      const row = await receivers.findBySecretHash(castHash(secret));
      if (!row) throw new NotFoundError();
      return row;
    },
    /** Whether a receiver's pairing is in force now. */
    isLive(row: CastReceiverRow): Promise<boolean> {
      return isPairingLive(row, (id) => receivers.isSessionLive(id), deps.now());
    },
    /**
     * The receiver `id`, paired to the caller's account and still in force.
     * @throws NotFoundError otherwise.
     */
    async requireSender(caller: SignedInCaller, id: string): Promise<CastReceiverRow> {
      const row = await receivers.findById(id);
      if (!row || row.user_id !== caller.userId) throw new NotFoundError();
      if (!(await isPairingLive(row, (sid) => receivers.isSessionLive(sid), deps.now())))
        throw new NotFoundError();
      return row;
    },
  };
}
export type CastAccess = ReturnType<typeof createCastAccess>;
