import { NotFoundError } from '../errors.ts';
import type { SignedInCaller } from './caller.ts';
import { allowsAccount, type AccountAction, type AccountRole } from './policy.ts';

/**
 * What account access reads (the operator repository answers it): whether an account is an
 * operator. A port, so `access/` needs nothing from the modules above it.
 */
export interface OperatorReader {
  isOperator(userId: string): Promise<boolean>;
}

/**
 * Decides the actions of the account table ([Note: Operators]) as `access.ts` decides those
 * of jobs: one read of the caller's role, then the table. A refusal is a NotFoundError, the
 * answer a route that does not exist gives, so nobody learns where the admin area is.
 */
export function createAccountAccess(deps: { operators: OperatorReader }) {
  const roleOf = async (caller: SignedInCaller): Promise<AccountRole> =>
    (await deps.operators.isOperator(caller.userId)) ? 'operator' : 'user';
  return {
    roleOf,
    /**
     * @param target the account the action is about, when it names one.
     * @throws NotFoundError when the caller may not.
     */
    async require(caller: SignedInCaller, action: AccountAction, target?: { userId: string }): Promise<void> {
      const role = await roleOf(caller);
      const otherAccount = target === undefined || target.userId !== caller.userId;
      if (!allowsAccount({ role, otherAccount }, action)) throw new NotFoundError();
    },
  };
}
export type AccountAccess = ReturnType<typeof createAccountAccess>;
