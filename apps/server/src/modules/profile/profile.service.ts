import { Readable } from 'node:stream';
import {
  APP_BASE_PATH,
  MAX_ACCOUNT_ATTRIBUTES,
  type AccountAttribute,
  type OkResponse,
  type ProfilePictureResult,
} from '@trove/contract';
import type { AccountAccess } from '../../access/account-access.ts';
import type { SignedInCaller } from '../../access/caller.ts';
import { canServeSignedMedia } from '../../access/access.ts';
import type { MediaSigner, PresentedSignature } from '../../access/media-urls.ts';
import { parseMediaScope } from '../../access/visitor-grants.ts';
import { NotFoundError, TooManyAttributesError } from '../../errors.ts';
import { chargeAccountWrite, type AccountWriteLimit, type Quotas } from '../../identity/quota.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { Repositories, Transact } from '../repositories.ts';
import { renderProfileImage } from './profile-image.ts';

/*
 * [Note: Profile pictures]
 *
 * POST /st/4/profile/picture (spec 001 §7, 201) takes the picture's bytes (at most
 * PROFILE_PICTURE_MAX_BYTES, read whole: it is small), checks they are a JPEG, PNG or WebP by
 * their content and makes a bounded JPEG rendition without metadata (profile-image.ts). Both
 * go to the blob store, which makes them durable before it answers ([Note: Blob storage]);
 * only then does one transaction name them, and the bytes of the picture replaced are deleted
 * after that commit. A crash in between leaves orphans for `trove fsck`, never a row without
 * bytes (fsck knows the keys a picture row names).
 *
 * The rendition is served by a signed URL ([Note: Media URLs]) naming the user and the
 * picture's version: a new picture changes the URL, and the old one stops serving. The
 * caller's own URL (account_info.profile_picture) names their session; a member list's
 * (GET /jobs/{id}/users) names the scope of the album grant it was handed out under, and the
 * album: it stops when the album stops being shared or its password changes, as the album's
 * media URLs do. The bytes as received go only into the account's data export.
 */

/** The signed path of one user's picture for one media scope (and album, for members). */
export function pictureUrl(
  signer: MediaSigner,
  user: { userId: string; version: number },
  sid: string,
  jobId?: string,
): string {
  const id = signedId(user.userId, user.version, jobId);
  const { exp, sig } = signer.sign(id, 'profile_picture', sid);
  const query = new URLSearchParams({ user: user.userId, v: String(user.version) });
  if (jobId !== undefined) query.set('job', jobId);
  query.set('exp', String(exp));
  query.set('sid', sid);
  query.set('sig', sig);
  return `${APP_BASE_PATH}/profile/picture?${query.toString()}`;
}

const signedId = (userId: string, version: number, jobId?: string) =>
  `${userId}.${String(version)}${jobId === undefined ? '' : `.${jobId}`}`;

/** What the picture URL presents. */
export interface PictureQuery extends PresentedSignature {
  user: string;
  v: string;
  job?: string | undefined;
}

/** The served rendition of a picture. */
export interface PictureBody {
  etag: string;
  size: number;
  open(): Promise<Readable>;
}

const HOUR = 60 * 60 * 1000;

/**
 * Writes of the profile a signed-in client may make per hour (issue #24): far above what a
 * person does (a new picture now and then; the web client writes an attribute when a popup
 * is seen), low enough that a looping client cannot fill the blob store or the table.
 */
export const PROFILE_WRITE_LIMITS = {
  picture: { name: 'profile-picture', limit: 20, windowMs: HOUR },
  attribute: { name: 'account-attribute', limit: 120, windowMs: HOUR },
} satisfies Record<string, AccountWriteLimit>;

/** Profile pictures and account attributes (issue #24, spec 001 §3, §7). */
export function createProfileService(deps: {
  repos: Pick<Repositories, 'profile' | 'jobs'>;
  transact: Transact;
  accountAccess: AccountAccess;
  store: BlobStore;
  signer: MediaSigner;
  quotas: Quotas;
  now: () => number;
  warn: (object: object, message: string) => void;
}) {
  const { repos, store, signer, now } = deps;
  const { profile } = repos;

  async function removeBytes(keys: readonly string[]) {
    for (const key of keys) {
      try {
        await store.delete(key);
      } catch (error) {
        // The row is gone already: what stays is an orphan `trove fsck` removes.
        deps.warn({ key, error: String(error) }, 'profile picture bytes not removed');
      }
    }
  }

  return {
    /** account_info.profile_picture: the caller's own picture for their session, or null. */
    async ownPictureUrl(caller: SignedInCaller): Promise<string | null> {
      const versions = await profile.pictureVersions([caller.userId]);
      const version = versions.get(caller.userId);
      return version === undefined
        ? null
        : pictureUrl(signer, { userId: caller.userId, version }, caller.sessionId);
    },

    /**
     * GET /jobs/{id}/users `profile_picture_url`: the pictures of an album's people, signed for
     * the scope of the grant the list is read under (the list's access is the caller's).
     */
    async memberPictureUrls(
      userIds: readonly string[],
      scope: string,
      jobId: string,
    ): Promise<Map<string, string>> {
      const versions = await profile.pictureVersions(userIds);
      return new Map(
        [...versions].map(([userId, version]) => [
          userId,
          pictureUrl(signer, { userId, version }, scope, jobId),
        ]),
      );
    },

    /** POST /st/4/profile/picture: the new picture; answers its URL for this session. */
    async setPicture(caller: SignedInCaller, bytes: Buffer): Promise<ProfilePictureResult> {
      await deps.accountAccess.require(caller, 'editProfile');
      await chargeAccountWrite(deps.quotas, caller.userId, PROFILE_WRITE_LIMITS.picture);
      const { format, thumb } = await renderProfileImage(bytes);
      const original = await store.put(Readable.from([bytes]));
      let rendition;
      try {
        rendition = await store.put(Readable.from([thumb]));
      } catch (error) {
        await removeBytes([original.key]);
        throw error;
      }
      const replaced = await deps.transact((tx) =>
        tx.profile.replacePicture({
          user_id: caller.userId,
          store_key: original.key,
          size: bytes.length,
          format,
          thumb_key: rendition.key,
          thumb_size: rendition.size,
          updated_at: now(),
        }),
      );
      if (replaced) await removeBytes([replaced.store_key, replaced.thumb_key]);
      const row = await profile.findPicture(caller.userId);
      if (!row) throw new NotFoundError();
      return {
        profile_picture: pictureUrl(signer, { userId: row.user_id, version: row.version }, caller.sessionId),
      };
    },

    /** GET of a signed picture URL. Anything wrong answers the same 404. */
    async openPicture(query: PictureQuery): Promise<PictureBody> {
      const version = /^[1-9][0-9]{0,9}$/.test(query.v) ? Number(query.v) : NaN;
      if (!signer.verify(signedId(query.user, version, query.job), 'profile_picture', query))
        throw new NotFoundError();
      // A member list's URL lives as the album's media URLs do; any other names no album
      // and must be the caller's own session's (no epoch).
      if (query.job === undefined) {
        if (parseMediaScope(query.sid).epoch !== null) throw new NotFoundError();
      } else {
        const job = await repos.jobs.findById(query.job);
        if (!job || !canServeSignedMedia(job, query.sid, now())) throw new NotFoundError();
      }
      const row = await profile.findShownPicture(query.user);
      if (!row || row.version !== version) throw new NotFoundError();
      return {
        etag: `"profile-${row.user_id}-${String(row.version)}"`,
        size: row.thumb_size,
        open: () => store.get(row.thumb_key),
      };
    },

    /** DELETE /st/4/profile/picture: the account shows initials again. */
    async deletePicture(caller: SignedInCaller): Promise<OkResponse> {
      await deps.accountAccess.require(caller, 'editProfile');
      const removed = await deps.transact((tx) => tx.profile.deletePicture(caller.userId));
      if (removed) await removeBytes([removed.store_key, removed.thumb_key]);
      return { ok: true };
    },

    /**
     * GET /account_attribute (spec 001 §7). An unset key answers a null value, never 404:
     * a 404 means "no access" here ([Note: Access]), and a key not yet set is no failure.
     */
    async getAttribute(caller: SignedInCaller, key: string): Promise<AccountAttribute> {
      await deps.accountAccess.require(caller, 'editProfile');
      const row = await profile.findAttribute(caller.userId, key);
      return { key, value: row?.value ?? null };
    },

    /** POST /account_attribute: sets one value, within MAX_ACCOUNT_ATTRIBUTES keys. */
    async setAttribute(caller: SignedInCaller, key: string, value: string): Promise<AccountAttribute> {
      await deps.accountAccess.require(caller, 'editProfile');
      await chargeAccountWrite(deps.quotas, caller.userId, PROFILE_WRITE_LIMITS.attribute);
      const stored = await profile.putAttribute(
        { user_id: caller.userId, key, value, updated_at: now() },
        MAX_ACCOUNT_ATTRIBUTES,
      );
      if (!stored) throw new TooManyAttributesError(MAX_ACCOUNT_ATTRIBUTES);
      return { key, value };
    },

    /** DELETE /account_attribute: removing an unset key is fine (idempotent). */
    async deleteAttribute(caller: SignedInCaller, key: string): Promise<OkResponse> {
      await deps.accountAccess.require(caller, 'editProfile');
      await chargeAccountWrite(deps.quotas, caller.userId, PROFILE_WRITE_LIMITS.attribute);
      await profile.deleteAttribute(caller.userId, key);
      return { ok: true };
    },
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
