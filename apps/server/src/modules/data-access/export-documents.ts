import { isUnnamedTitle } from '@trove/contract';
import { seesPlaceOf } from '../../access/place.ts';
import { withoutPosition } from '../files/file-records.ts';
import type { AccountDataRepository, ExportFileRow, ExportJobRow } from './account-data.repository.ts';

/*
 * The JSON documents of a data export (issue #24, RESEARCH-ACCOUNT-PAYMENTS §2.2): what the
 * account holds besides its files, rendered once when the export is requested (see [Note:
 * Data export]). Times are ISO 8601 in UTC. Secrets (password and token hashes, album
 * passwords) never go in; other people appear only as the account sees them in the app
 * (album members by name).
 */

/** One document: its path below the export's folder and its JSON. */
export interface ExportDocument {
  path: string;
  body: unknown;
}

/**
 * A document of the account that another part of the server contributes (the `sections` the
 * data-access service is built with, in app.ts): consents' history, the digital legacy and the
 * terms accepted (issue #24's other parts) join every export with one line each there.
 */
export interface AccountSection {
  path: string;
  read(userId: string): Promise<unknown>;
}

/** Stored bytes of the account that are no file of an album or timeline (a profile picture). */
export interface AccountStoredBytes {
  /** Below the export's folder. */
  path: string;
  key: string;
  size: number;
  mtime: number;
}

/**
 * Bytes of the account another part of the server contributes (`storedBytes` of the
 * data-access service, in app.ts): the profile picture as received (issue #24).
 */
export interface AccountBytesSection {
  read(userId: string): Promise<AccountStoredBytes[]>;
}

/** A time as ISO 8601 (UTC), or null for none or one no date can hold. */
export function iso(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) return null;
  return new Date(ms).toISOString();
}

const flag = (value: unknown) => value === true || value === 1 || value === '1';

/** The sections every export has, read from the tables of this branch. */
export function accountSections(data: AccountDataRepository): AccountSection[] {
  return [
    {
      path: 'account/account.json',
      read: async (userId) => {
        const account = await data.account(userId);
        const options = await data.options(userId);
        return {
          id: account?.id,
          email: account?.email,
          name: account?.name,
          created: iso(account?.created_at),
          // An account of an external identity provider (OpenID Connect) names it.
          identity_provider: account?.oidc_issuer ?? null,
          storage: {
            used_bytes: account?.used_space,
            quota_bytes: account?.max_space ?? null,
            read_only: flag(account?.is_read_only),
          },
          counters: {
            pictures: account?.picture_count,
            screenshots: account?.screenshot_count,
            videos: account?.video_count,
            documents: account?.document_count,
          },
          options: options.map((o) => ({ name: o.name, value: o.value, updated: iso(o.updated_at) })),
        };
      },
    },
    {
      path: 'account/devices.json',
      read: async (userId) => ({
        devices: (await data.devices(userId)).map((d) => ({
          device_id: d.device_id,
          name: d.device_name,
          signed_in: iso(d.created_at),
          last_used: iso(d.last_used_at),
          signed_out: iso(d.revoked_at),
        })),
      }),
    },
    {
      // The value of each consent and every change that led to it (spec 001 §3 consents,
      // [Note: Consent events]): the current values, then the history that proves them.
      path: 'account/consents.json',
      read: async (userId) => {
        const events = await data.consentEvents(userId);
        const latest = new Map<string, (typeof events)[number]>();
        for (const e of events) latest.set(e.key, e);
        return {
          consents: [...latest.values()]
            .sort((a, b) => a.key.localeCompare(b.key))
            .map((c) => ({ key: c.key, value: c.value === 1, set: iso(c.created_at) })),
          history: events.map((e) => ({
            key: e.key,
            value: e.value === 1,
            source: e.source,
            at: iso(e.created_at),
          })),
        };
      },
    },
    {
      // Stored only while help_us_improve held (spec 001 §7 client_stats).
      path: 'account/client-stats.json',
      read: async (userId) => ({
        stats: (await data.clientStats(userId)).map((s) => ({
          values: JSON.parse(s.stats) as unknown,
          received: iso(s.created_at),
        })),
      }),
    },
    {
      // Stored only while help_us_improve held (spec 001 §7 user_statistics_events).
      path: 'account/usage-events.json',
      read: async (userId) => ({
        events: (await data.usageEvents(userId)).map((e) => ({
          name: e.name,
          path: e.path,
          props: JSON.parse(e.props) as unknown,
          client_time: iso(e.client_time),
          received: iso(e.created_at),
        })),
      }),
    },
    { path: 'albums.json', read: (userId) => albumsDocument(data, userId) },
    { path: 'comments.json', read: (userId) => commentsDocument(data, userId) },
    { path: 'shares.json', read: (userId) => sharesDocument(data, userId) },
  ];
}

async function albumsDocument(data: AccountDataRepository, userId: string) {
  const members = await data.membersOfOwnAlbums(userId);
  return {
    own: (await data.ownAlbums(userId)).map((album) => ({
      id: album.id,
      title: isUnnamedTitle(album.title) ? null : album.title,
      shared: album.privacy_mode === 'shared',
      allow_comments: (album.permissions & 1) !== 0,
      allow_uploads: (album.permissions & 2) !== 0,
      has_password: flag(album.has_password),
      sort_order: album.sort_order,
      created: iso(album.created_at),
      updated: iso(album.updated_at),
      deleted: iso(album.deleted_at),
      members: members
        .filter((m) => m.job_id === album.id)
        .map((m) => ({ name: m.name, subscribed: m.subscribed === 1, joined: iso(m.created_at) })),
    })),
    taking_part: (await data.memberships(userId)).map((m) => ({
      id: m.id,
      title: isUnnamedTitle(m.title) ? null : m.title,
      owner: m.owner_name,
      subscribed: m.subscribed === 1,
      joined: iso(m.created_at),
      updated: iso(m.updated_at),
    })),
  };
}

async function commentsDocument(data: AccountDataRepository, userId: string) {
  return {
    comments: (await data.comments(userId)).map((c) => ({
      id: c.id,
      album_id: c.job_id,
      album_title: isUnnamedTitle(c.album_title) ? null : c.album_title,
      file_id: c.file_id,
      text: c.text,
      written: iso(c.created_at),
      edited: iso(c.edited_at),
    })),
    loves: (await data.reactions(userId)).map((r) => ({
      album_id: r.job_id,
      album_title: isUnnamedTitle(r.album_title) ? null : r.album_title,
      file_id: r.file_id,
      reaction: r.reaction,
      given: iso(r.created_at),
    })),
  };
}

async function sharesDocument(data: AccountDataRepository, userId: string) {
  const { shares, files } = await data.shares(userId);
  return {
    shares: shares.map((share) => ({
      id: share.id,
      link_path: `/share/${share.id}`,
      title: isUnnamedTitle(share.title) ? null : share.title,
      created: iso(share.created_at),
      expires: iso(share.expires_at),
      stopped: iso(share.deleted_at),
      has_password: flag(share.has_password),
      made_from:
        share.source_job_id === null
          ? null
          : {
              id: share.source_job_id,
              kind: share.source_type === 'timeline' ? 'timeline' : 'album',
              title:
                share.source_title === null || isUnnamedTitle(share.source_title) ? null : share.source_title,
            },
      files: files
        .filter((file) => file.job_id === share.id)
        .map((file) => ({ id: file.id, name: file.name, source_file_id: file.source_file_id })),
    })),
  };
}

/**
 * The sidecar of a file (Takeout style, beside it as `<name>.json`): what the app knows of
 * it. Where it was taken stays only in the uploader's own files ([Note: Who sees the
 * place]): a copy of someone else's photo has it neither in its bytes nor here.
 */
export function sidecarOf(
  userId: string,
  file: ExportFileRow,
  job: ExportJobRow,
  bytes: { sha256: string; placeRemoved: boolean },
) {
  const ownUpload = seesPlaceOf(userId, file);
  let metadata: Record<string, unknown> | null = null;
  if (file.metadata !== null) {
    const parsed = JSON.parse(file.metadata) as Record<string, unknown>;
    metadata = ownUpload ? parsed : withoutPosition(parsed);
  }
  return {
    id: file.id,
    title: file.name,
    // The folders of the upload are the adder's own; a copy's path is its name.
    path: file.added_by === userId ? file.path : file.name,
    type: file.type,
    size: file.blob_size,
    sha1: file.sha1,
    sha256: bytes.sha256,
    taken: iso(file.taken_at),
    modified: iso(file.mtime),
    created: iso(file.ctime),
    uploaded: iso(file.uploaded_at),
    width: file.width,
    height: file.height,
    duration: file.duration,
    screenshot: file.is_screenshot === 1,
    in:
      job.type === 'timeline'
        ? { kind: 'timeline' }
        : {
            kind: 'album',
            id: job.id,
            title: isUnnamedTitle(job.title) ? null : job.title,
            own: job.owner_id === userId,
            deleted: iso(job.deleted_at),
          },
    state: file.state,
    deleted: iso(file.dtime),
    uploaded_by_you: ownUpload,
    place_removed: bytes.placeRemoved,
    metadata,
  };
}
