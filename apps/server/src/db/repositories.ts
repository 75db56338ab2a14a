import type { Kysely } from 'kysely';
import { createAccountsRepository } from '../modules/accounts/accounts.repository.ts';
import { createChangesRepository } from '../modules/changes/changes.repository.ts';
import { createCommentsRepository } from '../modules/comments/comments.repository.ts';
import { createFilesRepository } from '../modules/files/files.repository.ts';
import { createJobsRepository } from '../modules/jobs/jobs.repository.ts';
import { createMediaRepository } from '../modules/media/media.repository.ts';
import { createOptionsRepository } from '../modules/options/options.repository.ts';
import { createPrivacyRepository } from '../modules/privacy/privacy.repository.ts';
import { createResumableRepository } from '../modules/resumable/resumable.repository.ts';
import { createSessionsRepository } from '../modules/sessions/sessions.repository.ts';
import { createTrashRepository } from '../modules/trash/trash.repository.ts';
import { createArchivesRepository } from '../modules/archives/archives.repository.ts';
import { createMyLinksRepository } from '../modules/shares/my-links.repository.ts';
import { createDeletionRepository } from '../modules/deletion/deletion.repository.ts';
import { createLeavingRepository } from '../modules/deletion/leaving.repository.ts';
import { createLoginRequestsRepository } from '../identity/login-requests.repository.ts';
import { createThrottleRepository } from '../identity/throttle.repository.ts';
import { createWorkItemsRepository } from '../queue/work-items.repository.ts';
import type { Database } from './schema.ts';

/** Every repository, bound to one executor (the database or a transaction). */
export function createRepositories(db: Kysely<Database>) {
  return {
    accounts: createAccountsRepository(db),
    jobs: createJobsRepository(db),
    files: createFilesRepository(db),
    media: createMediaRepository(db),
    changes: createChangesRepository(db),
    sessions: createSessionsRepository(db),
    loginRequests: createLoginRequestsRepository(db),
    throttle: createThrottleRepository(db),
    workItems: createWorkItemsRepository(db),
    resumable: createResumableRepository(db),
    privacy: createPrivacyRepository(db),
    options: createOptionsRepository(db),
    comments: createCommentsRepository(db),
    trash: createTrashRepository(db),
    archives: createArchivesRepository(db),
    myLinks: createMyLinksRepository(db),
    deletion: createDeletionRepository(db),
    leaving: createLeavingRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** Runs `fn` in one database transaction with repositories bound to it. */
export type Transact = <T>(fn: (repos: Repositories) => Promise<T>) => Promise<T>;

export function createTransact(db: Kysely<Database>): Transact {
  return (fn) => db.transaction().execute((trx) => fn(createRepositories(trx)));
}
