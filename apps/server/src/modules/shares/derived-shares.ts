import { maySourceShare } from '../../access/access.ts';
import type { Repositories } from '../repositories.ts';
import type { ChangeRecorder } from '../changes/change-writer.ts';

/*
 * [Note: Derived shares]
 *
 * A share is made from one job (its `source_job_id`: the maker's timeline, or an album) and
 * each of its files from one file there (`source_file_id`). It serves them no longer than
 * its maker may share them from there (issue #23; the `share` cells of [Note: Access]: the
 * owner and participants, never visitors or read-only users):
 * - when the source album changes so that its maker may no longer share from it (made
 *   private while they are not its owner, deleted to the trash and so also for good, a
 *   password they would now need, they left it), the share is stopped, as its owner would
 *   stop it: at once, for everyone, its signed URLs too (`canServeSignedMedia`); a restore
 *   or making it shared again does not bring it back. `reconcileDerivedShares` runs in the
 *   transaction of each of those changes;
 * - when a file leaves the job it was shared from (to the trash, from which it may go for
 *   good), its copies leave the live shares made of it (`dropDerivedFiles`), each with a
 *   type 1 record, in the deletion's transaction. A photo its owner deletes from their
 *   timeline also leaves every live share of theirs naming its bytes ([Note: Shares]).
 * - a share of a disabled account opens for nobody (access reads the owner's account with
 *   the share, in the one read it makes), and disabling it ends the URLs signed for its
 *   recipients at once ([Note: Disabled accounts]);
 * - the owner of the album a member shared from finds the share on their shared links, with
 *   its maker, and may stop it as its maker may (the `sourceOwner` row of [Note: Access],
 *   read with the share in the same one read); they open it without its password, since it
 *   shows only files of their album. Anyone else holding its link is a recipient;
 * These run where access changes, never where media is served: signed media stays one read
 * per request. Shares made before migration 0012 recorded no source; those holding another
 * user's bytes were stopped by it.
 */

/**
 * Stops the live shares made from `sourceJobId` whose makers may no longer share from it as
 * it now is (read inside the caller's transaction, after its change); answers their ids.
 */
export async function reconcileDerivedShares(
  tx: Pick<Repositories, 'jobs'>,
  changes: ChangeRecorder,
  sourceJobId: string,
  change: { by: string; at: number },
): Promise<string[]> {
  const source = await tx.jobs.findById(sourceJobId);
  if (!source) return [];
  const stopped: string[] = [];
  for (const share of await tx.jobs.liveSharesFrom(sourceJobId)) {
    const maker = {
      userId: share.owner_id,
      subscribed: share.subscribed === 1,
      readOnlyUser: share.is_read_only === 1,
    };
    if (maySourceShare(source, maker)) continue;
    await tx.jobs.update(share.id, { deleted_at: change.at, updated_at: change.at });
    await changes.eventMarker(share.id, { ...change, data: { event: 'stopped' } });
    stopped.push(share.id);
  }
  return stopped;
}

/** Removes the copies of `fileIds` from the live shares made of them, with type 1 records. */
export async function dropDerivedFiles(
  tx: Pick<Repositories, 'files'>,
  changes: ChangeRecorder,
  fileIds: readonly string[],
  change: { by: string; at: number },
): Promise<void> {
  for (const copy of await tx.files.removeDerivedFromLiveShares(fileIds))
    await changes.fileRemoved(copy, change);
}
