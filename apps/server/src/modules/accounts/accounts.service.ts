import { randomUUID } from 'node:crypto';
import type { AccountInfo, ShutdownInfo } from '@trove/contract';
import type { SignedInCaller } from '../../access/caller.ts';
import { ANALYTICS_SERVICE, PERMISSION_BITS } from '@trove/contract';
import { NotFoundError } from '../../errors.ts';
import type { Transact } from '../repositories.ts';
import type { PrivacyRepository } from '../privacy/privacy.repository.ts';
import type { TermsRepository } from '../operator/terms.repository.ts';
import type { AccountsRepository, UserRow } from './accounts.repository.ts';

export interface NewAccount {
  email: string;
  name: string;
  passwordHash: string | null;
  oidc?: { issuer: string; subject: string };
}

/** Accounts: creation (with the user's timeline), account info and the user name. */
export function createAccountsService(deps: {
  accounts: AccountsRepository;
  /** Read for permitted_services (spec 001 §3). */
  privacy: Pick<PrivacyRepository, 'hasConsent'>;
  /** Read for tos_to_approve (spec 001 §3, §4 Terms). */
  terms: Pick<TermsRepository, 'latestUnaccepted'>;
  transact: Transact;
  baseQuotaBytes: number;
  /**
   * The signed URL of the caller's own profile picture for their session, or null when they
   * have none ([Note: Profile pictures]); absent where no URL can be made (the CLI).
   */
  pictureUrlOf?: (caller: SignedInCaller) => Promise<string | null>;
  /** spec 001 §3 shutdown_info: the operator's announced end of service, or null. */
  shutdownInfo?: ShutdownInfo | null;
  now: () => number;
}) {
  const { accounts, privacy, terms, transact, baseQuotaBytes, now } = deps;

  async function readInfo(caller: SignedInCaller): Promise<AccountInfo> {
    const { userId } = caller;
    const [user, isAnalyticsPermitted, tosVersion, subscribedAlbums, picture] = await Promise.all([
      getUser(accounts, userId),
      privacy.hasConsent(userId, 'help_us_improve'),
      terms.latestUnaccepted(userId),
      accounts.countSubscribedAlbums(userId),
      deps.pictureUrlOf ? deps.pictureUrlOf(caller) : null,
    ]);
    // spec 001 §3 permitted_services: analytics only while the user consents to help_us_improve.
    return {
      ...toAccountInfo(user, baseQuotaBytes, isAnalyticsPermitted ? [ANALYTICS_SERVICE] : []),
      tos_to_approve: tosVersion === undefined ? null : { version: tosVersion },
      number_of_subscribed_albums: subscribedAlbums,
      profile_picture: picture,
      shutdown_info: deps.shutdownInfo ?? null,
    };
  }

  return {
    /**
     * Creates a user and, in the same transaction, the timeline job every user owns
     * (spec 000 §1), so no account ever exists without one.
     */
    async create(input: NewAccount): Promise<string> {
      const id = randomUUID();
      const t = now();
      await transact(async (repos) => {
        await repos.accounts.insert({
          id,
          email: input.email,
          name: input.name,
          password_hash: input.passwordHash,
          oidc_issuer: input.oidc?.issuer ?? null,
          oidc_subject: input.oidc?.subject ?? null,
          max_space: null,
          disabled_at: null,
          created_at: t,
        });
        await repos.jobs.insert({
          id: randomUUID(),
          owner_id: id,
          type: 'timeline',
          title: '',
          privacy_mode: 'private',
          permissions: PERMISSION_BITS.allow_comments | PERMISSION_BITS.allow_uploads,
          created_at: t,
          updated_at: t,
          deleted_at: null,
        });
        // The first account of an instance is its operator ([Note: Operators]).
        await repos.operator.claimFirstOperator(id, t);
      });
      return id;
    },

    /** GET /account_info (spec 001 §3). */
    async getInfo(caller: SignedInCaller): Promise<AccountInfo> {
      return readInfo(caller);
    },

    /** POST /name (spec 001 §7). */
    async setName(caller: SignedInCaller, name: string): Promise<AccountInfo> {
      await accounts.setName(caller.userId, name);
      return readInfo(caller);
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;

async function getUser(accounts: AccountsRepository, id: string): Promise<UserRow> {
  const user = await accounts.findById(id);
  if (!user) throw new NotFoundError();
  return user;
}

function toAccountInfo(
  user: UserRow,
  baseQuotaBytes: number,
  permittedServices: string[],
): Omit<AccountInfo, 'number_of_subscribed_albums' | 'profile_picture' | 'shutdown_info'> {
  return {
    uuid: user.id,
    name: user.name,
    logged_in_as: user.email,
    used_space: user.used_space,
    max_space: user.max_space ?? baseQuotaBytes,
    file_type_counters: {
      picture_count: user.picture_count,
      screenshot_count: user.screenshot_count,
      video_count: user.video_count,
      document_count: user.document_count,
    },
    has_files_not_media: user.document_count > 0,
    is_read_only_user: user.is_read_only === 1,
    // The terms, subscriptions and picture are read beside (readInfo).
    tos_to_approve: null,
    // Seconds, as every date of account info ([Note: Sunset deletion]).
    sunset_delete_date: user.sunset_delete_date === null ? null : Math.floor(user.sunset_delete_date / 1000),
    permitted_services: permittedServices,
    is_operator: user.is_operator === 1,
  };
}
