import type { Migration } from 'kysely/migration';
import * as initial from './0001-initial.ts';
import * as files from './0002-files.ts';
import * as resumable from './0003-resumable.ts';
import * as privacy from './0004-privacy.ts';
import * as sessionRevocations from './0005-session-revocations.ts';
import * as albums from './0006-albums.ts';
import * as sharedStoreKeys from './0007-shared-store-keys.ts';
import * as comments from './0008-comments.ts';
import * as albumPurge from './0009-album-purge.ts';
import * as archives from './0010-archives.ts';
import * as shares from './0011-shares.ts';
import * as shareSources from './0012-share-sources.ts';
import * as copyDetails from './0013-copy-details.ts';
import * as accountDeletions from './0015-account-deletions.ts';
import * as dataExports from './0016-data-exports.ts';
import * as operator from './0017-operator.ts';
import * as consentEvents from './0018-consent-events.ts';
import * as freshLoginLegacy from './0019-fresh-login-legacy.ts';
import * as profile from './0020-profile.ts';
import * as sunset from './0021-sunset.ts';
import * as announcements from './0023-announcements.ts';
import * as grants from './0024-grants.ts';
import * as paymentsSandbox from './0025-payments-sandbox.ts';
import * as billing from './0026-billing.ts';
import * as resumableParts from './0027-resumable-parts.ts';
import * as serverSecrets from './0028-server-secrets.ts';
import * as backupHolds from './0029-backup-holds.ts';
import * as castReceivers from './0030-cast-receivers.ts';

/** Every migration, in order. One set runs on SQLite and PostgreSQL alike. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-files': files,
  '0003-resumable': resumable,
  '0004-privacy': privacy,
  '0005-session-revocations': sessionRevocations,
  '0006-albums': albums,
  '0007-shared-store-keys': sharedStoreKeys,
  '0008-comments': comments,
  '0009-album-purge': albumPurge,
  '0010-archives': archives,
  '0011-shares': shares,
  '0012-share-sources': shareSources,
  '0013-copy-details': copyDetails,
  '0015-account-deletions': accountDeletions,
  '0016-data-exports': dataExports,
  '0017-operator': operator,
  '0018-consent-events': consentEvents,
  '0019-fresh-login-legacy': freshLoginLegacy,
  '0020-profile': profile,
  '0021-sunset': sunset,
  '0023-announcements': announcements,
  '0024-grants': grants,
  '0025-payments-sandbox': paymentsSandbox,
  '0026-billing': billing,
  '0027-resumable-parts': resumableParts,
  '0028-server-secrets': serverSecrets,
  '0029-backup-holds': backupHolds,
  '0030-cast-receivers': castReceivers,
};
