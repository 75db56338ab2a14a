import type { Kysely } from 'kysely';
import { createAccountsRepository } from './accounts/accounts.repository.ts';
import { createChangesRepository } from './changes/changes.repository.ts';
import { createCommentsRepository } from './comments/comments.repository.ts';
import { createFilesRepository } from './files/files.repository.ts';
import { createCastRepository } from './cast/cast.repository.ts';
import { createJobsRepository } from './jobs/jobs.repository.ts';
import { createMediaRepository } from './media/media.repository.ts';
import { createOptionsRepository } from './options/options.repository.ts';
import { createPrivacyRepository } from './privacy/privacy.repository.ts';
import { createResumableRepository } from './resumable/resumable.repository.ts';
import { createSessionsRepository } from './sessions/sessions.repository.ts';
import { createTrashRepository } from './trash/trash.repository.ts';
import { createArchivesRepository } from './archives/archives.repository.ts';
import { createMyLinksRepository } from './shares/my-links.repository.ts';
import { createDeletionRepository } from './deletion/deletion.repository.ts';
import { createLeavingRepository } from './deletion/leaving.repository.ts';
import { createSunsetRepository } from './sunset/sunset.repository.ts';
import { createAccountDataRepository } from './data-access/account-data.repository.ts';
import { createDataExportsRepository } from './data-access/data-exports.repository.ts';
import { createOperatorRepository } from './operator/operator.repository.ts';
import { createAuditRepository } from './operator/audit.repository.ts';
import { createTermsRepository } from './operator/terms.repository.ts';
import { createCardsRepository } from './operator/cards.repository.ts';
import { createAnnouncementsRepository } from './operator/announcements.repository.ts';
import { createLegacyRepository } from './legacy/legacy.repository.ts';
import { createProfileRepository } from './profile/profile.repository.ts';
import { createBillingRepository } from './billing/billing.repository.ts';
import { createGrantsRepository } from './billing/grants.repository.ts';
import { createLoginRequestsRepository } from '../identity/login-requests.repository.ts';
import { createThrottleRepository } from '../identity/throttle.repository.ts';
import { createWorkItemsRepository } from '../queue/work-items.repository.ts';
import type { Database } from '../db/schema.ts';

/**
 * Every repository, bound to one executor (the database or a transaction). Composed here,
 * above the modules' repositories, so `db/` knows only the schema, the dialects and the
 * migrations. The changes repository only reads: change records are appended by the change
 * writer alone (see [Note: Change records]).
 */
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
    sunset: createSunsetRepository(db),
    leaving: createLeavingRepository(db),
    dataExports: createDataExportsRepository(db),
    accountData: createAccountDataRepository(db),
    operator: createOperatorRepository(db),
    audit: createAuditRepository(db),
    terms: createTermsRepository(db),
    cards: createCardsRepository(db),
    announcements: createAnnouncementsRepository(db),
    legacy: createLegacyRepository(db),
    profile: createProfileRepository(db),
    grants: createGrantsRepository(db),
    billing: createBillingRepository(db),
    cast: createCastRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;

/** Runs `fn` in one database transaction with repositories bound to it. */
export type Transact = <T>(fn: (repos: Repositories) => Promise<T>) => Promise<T>;

export function createTransact(db: Kysely<Database>): Transact {
  return (fn) => db.transaction().execute((trx) => fn(createRepositories(trx)));
}
