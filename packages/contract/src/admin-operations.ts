import { z } from 'zod/mini';

/*
 * The operator's view of background work (issue #24; RESEARCH-ACCOUNT-PAYMENTS §2.1, §3):
 * account deletions not done, and work items that will not run by themselves. Under `/admin`
 * on the app host, the operator's alone. Times are seconds since the epoch. See docs/API.md.
 */

/** Most rows in one page of these lists, and the default. */
export const ADMIN_OPERATIONS_MAX_PAGE = 100;

const Page = {
  offset: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(0)), 0),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(ADMIN_OPERATIONS_MAX_PAGE)),
    50,
  ),
};

/** GET /admin/deletions and GET /admin/work_items: a page by offset, the oldest first. */
export const AdminPageQuery = z.object(Page);
export type AdminPageQuery = z.input<typeof AdminPageQuery>;

/**
 * A deletion not done: `scheduled` (in its grace period; the operator may restore it),
 * `running` (its job started or was queued again) or `failed` (its work item gave up; the
 * operator may retry it, and it resumes at `stage`).
 */
export const AdminDeletion = z.object({
  user_id: z.string(),
  /** The address given at request time. */
  email: z.string(),
  /** The account's name while its row exists. */
  name: z.nullable(z.string()),
  state: z.enum(['scheduled', 'running', 'failed']),
  /** The next stage to run. */
  stage: z.string(),
  attempts: z.int().check(z.nonnegative()),
  last_error: z.nullable(z.string()),
  requested: z.number(),
  /** When the grace period ends and the job may start. */
  due: z.number(),
});
export type AdminDeletion = z.infer<typeof AdminDeletion>;

export const AdminDeletionsResponse = z.object({
  deletions: z.array(AdminDeletion),
  total: z.int().check(z.nonnegative()),
});
export type AdminDeletionsResponse = z.infer<typeof AdminDeletionsResponse>;

/**
 * A work item that will not run by itself: `failed` (out of attempts) or `stuck` (claimed,
 * and its lease ran out without a renewal: the process that held it is gone).
 */
export const AdminWorkItem = z.object({
  id: z.string(),
  kind: z.string(),
  state: z.enum(['failed', 'stuck']),
  attempts: z.int().check(z.nonnegative()),
  last_error: z.nullable(z.string()),
  created: z.number(),
  /** When its lease ran out (stuck) or it was last due (failed); null when never claimed. */
  locked_until: z.nullable(z.number()),
});
export type AdminWorkItem = z.infer<typeof AdminWorkItem>;

/** How many failed and stuck items each kind has, across pages. */
export const AdminWorkKind = z.object({
  kind: z.string(),
  failed: z.int().check(z.nonnegative()),
  stuck: z.int().check(z.nonnegative()),
});
export type AdminWorkKind = z.infer<typeof AdminWorkKind>;

export const AdminWorkItemsResponse = z.object({
  items: z.array(AdminWorkItem),
  kinds: z.array(AdminWorkKind),
  total: z.int().check(z.nonnegative()),
});
export type AdminWorkItemsResponse = z.infer<typeof AdminWorkItemsResponse>;
