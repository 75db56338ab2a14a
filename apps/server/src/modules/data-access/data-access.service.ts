import { randomUUID } from 'node:crypto';
import { APP_BASE_PATH, type DataAccessAvailability, type PreparedDataExport } from '@trove/contract';
import type { SignedInCaller } from '../../access/caller.ts';
import type { FreshLoginCheck } from '../../access/fresh-login.ts';
import type { MediaSigner, PresentedSignature } from '../../access/media-urls.ts';
import { ConflictError, DataAccessCooldownError, NotFoundError } from '../../errors.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { ArchiveBody } from '../archives/archives.service.ts';
import { createOriginals } from '../media/originals.ts';
import type { Repositories } from '../repositories.ts';
import type { DataExportRow } from './data-exports.repository.ts';
import { accountSections, type AccountBytesSection, type AccountSection } from './export-documents.ts';
import { freezeExport } from './export-freeze.ts';
import { streamExport } from './export-stream.ts';

const HOUR = 3_600_000;
/**
 * How long an export can be downloaded again, or resumed, after it was requested: a day, as
 * RESEARCH-ACCOUNT-PAYMENTS §2.2 proposes, whatever the cooldown.
 */
export const DATA_EXPORT_KEEP_MS = 24 * HOUR;
/** An export in the making without a sign of life for this long was abandoned (a crash). */
const STALE_MS = 10 * 60_000;

/** The export's top folder (where manifest.json is), named like its zip. */
const folderOf = (row: Pick<DataExportRow, 'file_name'>) => `${row.file_name.replace(/\.zip$/, '')}/`;

/**
 * Data access (spec 001 §4, §7, §9; issue #24; see [Note: Data export]): when the next export
 * may be requested, requesting one (frozen now, or the current one again), and streaming it
 * by the signed URL the request answers.
 */
export function createDataAccessService(deps: {
  repos: Pick<Repositories, 'dataExports' | 'accountData' | 'media'>;
  store: BlobStore;
  signer: MediaSigner;
  cooldownHours: number;
  /** Documents other parts of the server add to every export (see AccountSection). */
  sections?: readonly AccountSection[];
  /** Spec 001 §6: both calls need a fresh sign-in ([Note: Fresh login]); the signed URL does not. */
  freshLogin: FreshLoginCheck;
  /** Stored bytes other parts add to every export (see AccountBytesSection). */
  storedBytes?: readonly AccountBytesSection[];
  now: () => number;
}) {
  const { repos, store, signer, now } = deps;
  const cooldownMs = deps.cooldownHours * HOUR;
  const originals = createOriginals(store);
  const sections = [...accountSections(repos.accountData), ...(deps.sections ?? [])];

  const infoOf = (row: DataExportRow) => ({
    size: row.size,
    count: row.entry_count,
    created_at: row.created_at,
    expires_at: row.expires_at,
  });

  /** The signed URL of an export for the caller's session (see [Note: Media URLs]). */
  function prepared(caller: SignedInCaller, row: DataExportRow): PreparedDataExport {
    const signature = signer.sign(row.id, 'data_export', caller.sessionId);
    const query = new URLSearchParams({
      export: row.id,
      exp: String(signature.exp),
      sid: caller.sessionId,
      sig: signature.sig,
    });
    return {
      ...infoOf(row),
      url: `${APP_BASE_PATH}/data_protection/request_data_access?${query.toString()}`,
      file_name: row.file_name,
    };
  }

  async function tidy() {
    const t = now();
    await repos.dataExports.deleteExpired(t, cooldownMs, t - STALE_MS);
  }

  return {
    /** GET /data_protection/request_data_access_availability (spec 001 §7). */
    async availability(caller: SignedInCaller): Promise<DataAccessAvailability> {
      deps.freshLogin(caller);
      await tidy();
      const t = now();
      const latest = await repos.dataExports.latestReady(caller.userId);
      const next = latest ? latest.created_at + cooldownMs : null;
      return {
        available: next === null || next <= t,
        next_available_at: next,
        cooldown_hours: deps.cooldownHours,
        preparing: (await repos.dataExports.findPreparing(caller.userId)) !== undefined,
        current: latest && latest.expires_at > t ? infoOf(latest) : null,
      };
    },

    /**
     * POST /data_protection/request_data_access: within the cooldown, the current export
     * again (a new signed URL; nothing spent), or 429 data_access_cooldown when it is gone;
     * otherwise a new export, frozen before the answer. 409 while another request of the
     * account is making one.
     */
    async request(caller: SignedInCaller): Promise<PreparedDataExport> {
      deps.freshLogin(caller);
      await tidy();
      const t = now();
      const latest = await repos.dataExports.latestReady(caller.userId);
      if (latest && latest.created_at + cooldownMs > t) {
        if (latest.expires_at > t) return prepared(caller, latest);
        throw new DataAccessCooldownError(Math.ceil((latest.created_at + cooldownMs - t) / 1000));
      }
      const id = randomUUID();
      const date = new Date(t).toISOString().slice(0, 10);
      const fileName = `trove-data-${date}.zip`;
      const inserted = await repos.dataExports.insertPreparing({
        id,
        user_id: caller.userId,
        created_at: t,
        ready_at: null,
        updated_at: t,
        expires_at: t + DATA_EXPORT_KEEP_MS,
        file_name: fileName,
      });
      if (!inserted) throw new ConflictError('Your data is already being prepared');
      try {
        const frozen = await freezeExport(
          {
            ...repos,
            exports: repos.dataExports,
            store,
            originals,
            sections,
            storedBytes: deps.storedBytes,
            now,
          },
          {
            exportId: id,
            userId: caller.userId,
            createdAt: t,
            folder: folderOf({ file_name: fileName }),
            fileName,
          },
        );
        await repos.dataExports.markReady(id, {
          ready_at: now(),
          entry_count: frozen.entryCount,
          directory_offset: frozen.directoryOffset,
          directory_size: frozen.directorySize,
          size: frozen.size,
          omitted: JSON.stringify(frozen.omitted),
        });
      } catch (error) {
        // A failed export spends no cooldown: the account may ask again at once.
        await repos.dataExports.remove(id);
        throw error;
      }
      const row = await repos.dataExports.find(id);
      if (!row) throw new NotFoundError();
      return prepared(caller, row);
    },

    /**
     * GET of the signed URL: the frozen export's bytes. A bad, expired or revoked signature, an
     * export past its time or not finished answer the same 404.
     */
    async open(exportId: string, presented: PresentedSignature): Promise<ArchiveBody> {
      if (!signer.verify(exportId, 'data_export', presented)) throw new NotFoundError();
      const row = await repos.dataExports.find(exportId);
      if (!row || row.ready_at === null || row.expires_at <= now()) throw new NotFoundError();
      return {
        fileName: row.file_name,
        size: row.size,
        // The export never changes: its id is its version.
        etag: `"data-export-${row.id}"`,
        open: (range) =>
          streamExport(
            {
              exports: repos.dataExports,
              originals,
              // A file deleted for good since the request: this export can never be whole
              // again. It goes, and with it the cooldown it spent: a new one may be asked for.
              onMissing: () => repos.dataExports.remove(row.id),
            },
            row,
            folderOf(row),
            range,
          ),
      };
    },
  };
}
export type DataAccessService = ReturnType<typeof createDataAccessService>;
