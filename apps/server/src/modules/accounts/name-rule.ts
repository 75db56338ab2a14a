import { NotFoundError, UserNameRequiredError } from '../../errors.ts';
import type { AccountsRepository } from './accounts.repository.ts';

/**
 * spec 001 §5 "Shared albums require a user name on the account" (and spec 000 §5: "a shared
 * album also needs an account user name"): asked wherever an album becomes shared, creating a
 * shared album, making one shared, inviting to one, after the caller's access was checked.
 * The client answers `user_name_required` with the set-name prompt (spec 001 §4).
 */
export async function requireUserName(
  accounts: Pick<AccountsRepository, 'findById'>,
  userId: string,
): Promise<void> {
  const user = await accounts.findById(userId);
  if (!user) throw new NotFoundError();
  if (user.name.trim() === '') throw new UserNameRequiredError();
}
