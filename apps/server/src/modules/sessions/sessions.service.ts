import { randomUUID } from 'node:crypto';
import type { Device, DevicesResponse } from '@trove/contract';
import { NotFoundError } from '../../errors.ts';
import { randomSecret, sha256Hex } from '../../identity/crypto.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import type { SessionRevocations } from '../../access/session-revocations.ts';
import type { AccountsRepository } from '../accounts/accounts.repository.ts';
import { isClosed } from '../../identity/account-state.ts';
import type { SessionRow, SessionsRepository } from './sessions.repository.ts';
import type { SunsetRepository } from '../sunset/sunset.repository.ts';

/** Last-used times are written at most once a minute per session, not on every call. */
const TOUCH_INTERVAL_MS = 60_000;

const toSeconds = (ms: number) => Math.floor(ms / 1000);

/**
 * Tokens and devices. [Note: Tokens] A token is 256 random bits, handed out once and stored
 * only as its SHA-256; it is bound to the device id it was issued for, and a call that
 * presents it with another device id is refused like a wrong token.
 */
export function createSessionsService(deps: {
  sessions: SessionsRepository;
  accounts: AccountsRepository;
  /** Told of every session that ended, so its media URLs stop (see [Note: Media URLs]). */
  revocations: Pick<SessionRevocations, 'announce'>;
  /** A sign-in keeps the account: its sunset date goes ([Note: Sunset deletion]). */
  sunset: Pick<SunsetRepository, 'signedIn'>;
  now: () => number;
}) {
  const { sessions, accounts, revocations, now } = deps;
  return {
    /**
     * Issues a new token for a device, replacing that device's earlier sessions: a sign-in.
     * `authenticatedAt`: when the user proved who they are for it (ms; default now), see
     * [Note: Fresh login]; `locale`: the sign-in's language, kept for the account's e-mails.
     */
    async issueToken(
      userId: string,
      device: { id: string; name: string },
      signIn: { authenticatedAt?: number; locale?: string } = {},
    ): Promise<string> {
      const { authenticatedAt, locale } = signIn;
      const token = randomSecret(32);
      const t = now();
      await revocations.announce(await sessions.revokeDevice(userId, device.id, t));
      await sessions.insert({
        id: randomUUID(),
        user_id: userId,
        token_hash: sha256Hex(token),
        device_id: device.id,
        device_name: device.name,
        created_at: t,
        last_used_at: t,
        revoked_at: null,
        authenticated_at: Math.min(authenticatedAt ?? t, t),
      });
      await deps.sunset.signedIn(userId, locale ?? null);
      return token;
    },

    /**
     * Resolves a token presented by a device; undefined for anything not valid. The auth
     * plugin's `SessionAuthenticator` (http/auth.ts).
     */
    async authenticate(
      token: string,
      deviceId: string,
    ): Promise<
      | { userId: string; sessionId: string; deviceId: string; disabled: boolean; authenticatedAt: number }
      | undefined
    > {
      const hash = sha256Hex(token);
      const session = await sessions.findActiveByTokenHash(hash);
      if (!session) {
        // Ended by disabling the account: the caller hears why (spec 001 §6 terminated).
        const ended = await sessions.findEndedByDisabling(hash);
        if (ended?.device_id !== deviceId) return undefined;
        return {
          userId: ended.user_id,
          sessionId: ended.id,
          deviceId,
          disabled: true,
          authenticatedAt: ended.authenticated_at,
        };
      }
      if (session.device_id !== deviceId) return undefined;
      const user = await accounts.findById(session.user_id);
      if (!user) return undefined;
      const t = now();
      if (t - session.last_used_at > TOUCH_INTERVAL_MS) await sessions.touch(session.id, t);
      return {
        userId: user.id,
        sessionId: session.id,
        deviceId: session.device_id,
        disabled: isClosed(user),
        authenticatedAt: session.authenticated_at,
      };
    },

    async logout(auth: SignedInCaller): Promise<void> {
      await sessions.revoke(auth.sessionId, now());
      await revocations.announce([auth.sessionId]);
    },

    /** GET /devices (spec 001 §7): the calling device and all devices of the account. */
    async listDevices(auth: SignedInCaller): Promise<DevicesResponse> {
      const rows = await sessions.listActive(auth.userId);
      const devices = groupByDevice(rows);
      const current = devices.find((d) => d.id === auth.deviceId);
      // The caller's own session is active by definition; a miss means it was revoked mid-call.
      if (!current) throw new NotFoundError();
      return { current, devices };
    },

    /** DELETE /devices/{id}: revokes that device's tokens; another user's device is not found. */
    async removeDevice(auth: SignedInCaller, deviceId: string): Promise<void> {
      const revoked = await sessions.revokeDevice(auth.userId, deviceId, now());
      if (revoked.length === 0) throw new NotFoundError('Device not found');
      await revocations.announce(revoked);
    },
  };
}
export type SessionsService = ReturnType<typeof createSessionsService>;

function groupByDevice(rows: readonly SessionRow[]): Device[] {
  const byId = new Map<string, Device>();
  for (const row of rows) {
    const seen = byId.get(row.device_id);
    if (!seen) {
      byId.set(row.device_id, {
        id: row.device_id,
        name: row.device_name,
        last_used: toSeconds(row.last_used_at),
        created: toSeconds(row.created_at),
      });
    } else {
      seen.last_used = Math.max(seen.last_used, toSeconds(row.last_used_at));
      seen.created = Math.min(seen.created, toSeconds(row.created_at));
    }
  }
  return [...byId.values()].sort((a, b) => b.last_used - a.last_used);
}
