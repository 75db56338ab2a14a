import { NotFoundError } from '../errors.ts';
import type { SignedInCaller } from './caller.ts';
import type { FreshLoginCheck } from './fresh-login.ts';
import { allowsAccount, ACCOUNT_POLICY, type AccountAction, type AccountRole } from './account-policy.ts';

/** Actions some role's cell conditions on the account not being read-only. */
const ACCOUNT_POLICY_NEEDS_SUBSCRIPTION: ReadonlySet<AccountAction> = new Set(
  Object.values(ACCOUNT_POLICY).flatMap((row) =>
    (Object.entries(row) as [AccountAction, false | readonly string[]][])
      .filter(([, cell]) => cell !== false && cell.includes('subscription'))
      .map(([action]) => action),
  ),
);

/**
 * The operator's actions that change the instance or another account: they need a fresh
 * sign-in (issue #24, [Note: Fresh login]); reading the admin area does not.
 */
export const FRESH_LOGIN_ACCOUNT_ACTIONS: ReadonlySet<AccountAction> = new Set<AccountAction>([
  'disableUser',
  'enableUser',
  'publishTerms',
  'writeCard',
  'endCard',
  'sendAnnouncement',
  'restoreDeletion',
  'retryDeletion',
  'retryWorkItem',
  // Issue #25's operator area: storage and read-only change another account.
  'grantStorage',
  'endGrant',
  'setReadOnly',
]);

/**
 * What account access reads (the operator repository answers it): whether an account is an
 * operator. A port, so `access/` needs nothing from the modules above it.
 */
export interface OperatorReader {
  isOperator(userId: string): Promise<boolean>;
  isReadOnly(userId: string): Promise<boolean>;
}

/**
 * Decides the actions of the account table ([Note: Operators]) as `access.ts` decides those
 * of jobs: one read of the caller's role, then the table. A refusal is a NotFoundError, the
 * answer a route that does not exist gives, so nobody learns where the admin area is.
 */
export function createAccountAccess(deps: { operators: OperatorReader; freshLogin: FreshLoginCheck }) {
  const roleOf = async (caller: SignedInCaller): Promise<AccountRole> =>
    (await deps.operators.isOperator(caller.userId)) ? 'operator' : 'user';
  return {
    roleOf,
    /**
     * @param target the account the action is about, when it names one.
     * @param reading the call only lists what the action changes (GET /admin/terms): no
     *   fresh sign-in needed for it.
     * @throws NotFoundError when the caller may not; FreshLoginRequiredError (403) when the
     *   caller may, but the action needs a fresher sign-in than the session's.
     */
    async require(
      caller: SignedInCaller,
      action: AccountAction,
      target?: { userId: string },
      reading = false,
    ): Promise<void> {
      const role = await roleOf(caller);
      const otherAccount = target === undefined || target.userId !== caller.userId;
      // Read only for the actions that ask, so the rest cost one query as before.
      const readOnly =
        ACCOUNT_POLICY_NEEDS_SUBSCRIPTION.has(action) && (await deps.operators.isReadOnly(caller.userId));
      if (!allowsAccount({ role, otherAccount, readOnly }, action)) throw new NotFoundError();
      if (!reading && FRESH_LOGIN_ACCOUNT_ACTIONS.has(action)) deps.freshLogin(caller);
    },
  };
}
export type AccountAccess = ReturnType<typeof createAccountAccess>;
