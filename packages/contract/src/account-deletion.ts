import { z } from 'zod/mini';
import { Locale } from './locales.ts';

/**
 * POST /data_protection/request_account_deletion (spec 001 §7, payload "none"). The
 * optional `app_lang` query, as GET /account_info takes it, names the language of the
 * confirmation e-mail (spec 001 §4: "an email is sent on completion").
 */
export const AccountDeletionQuery = z.object({ app_lang: z.optional(z.catch(Locale, 'en_US')) });
export type AccountDeletionQuery = z.infer<typeof AccountDeletionQuery>;

/**
 * Its answer: the deletion is scheduled and every session of the account has ended (spec
 * 001 §4: "request logs the user out of all devices, is processed within 30 days"). `due`:
 * when the removal starts, seconds since the epoch (the operator may restore the account
 * until then); `email`: where the confirmation goes once it is done.
 */
export const AccountDeletionResponse = z.object({
  status: z.literal('scheduled'),
  due: z.int().check(z.nonnegative()),
  email: z.string(),
});
export type AccountDeletionResponse = z.infer<typeof AccountDeletionResponse>;

/** Spec 001 §9: "Account deletion within 30 days" — what the user is promised. */
export const ACCOUNT_DELETION_DAYS = 30;
