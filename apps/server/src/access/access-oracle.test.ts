import { describe, expect, it } from 'vitest';
import { RULES, mayDo, type Job, type Who } from './access-oracle.test-data.ts';
import { roleOrderViolations, roleOrders } from './role-order.test-support.ts';

/*
 * The matrix's oracle checked on its own, as policy.test.ts checks the production table: the
 * same order of roles (spec 000 §6) must hold of both, each written apart from the other.
 */

type Rule = keyof typeof RULES;
const RULE_NAMES = Object.keys(RULES) as Rule[];

const ALBUMS: Job[] = [true, false].flatMap((shared) =>
  [0, 1, 2, 3].flatMap((bits) =>
    [false, true].map((deleted) => ({
      type: 'album' as const,
      shared,
      allowComments: (bits & 1) !== 0,
      allowUploads: (bits & 2) !== 0,
      deleted,
    })),
  ),
);
const SHARES: Job[] = [
  { type: 'share', shared: true, allowComments: false, allowUploads: false, deleted: false },
];

const describeJob = (job: Job) =>
  `${job.shared ? 'a shared' : 'a private'} ${job.type}${job.allowComments ? ', comments' : ''}${job.allowUploads ? ', uploads' : ''}${job.deleted ? ', deleted' : ''}`;

const ORDERS = roleOrders<Rule>({ leave: 'leave', subscribe: 'subscribe', becomeGuest: 'becomeGuest' });

describe("the access matrix's oracle", () => {
  const may = (who: Who, job: Job, rule: Rule) => mayDo(rule, who, job);

  it('orders the roles of an album as spec 000 §6 does', () => {
    expect(roleOrderViolations(ORDERS.album, ALBUMS, RULE_NAMES, may, describeJob)).toEqual([]);
  });

  it("lets a share's owner do at least what a recipient may, and a recipient with a subscription what others may", () => {
    expect(roleOrderViolations(ORDERS.share, SHARES, RULE_NAMES, may, describeJob)).toEqual([]);
  });

  it('allows nothing on a deleted album but its trash rules, and those to its owner only', () => {
    const deleted = ALBUMS.filter((job) => job.deleted);
    const allowed = RULE_NAMES.flatMap((rule) =>
      deleted.flatMap((job) =>
        (['owner', 'participant', 'readOnlyMember', 'signedInVisitor', 'guest'] as const)
          .filter((who) => mayDo(rule, who, job))
          .map((who) => `${who} ${rule}`),
      ),
    );
    expect([...new Set(allowed)].sort()).toEqual(['owner deleteAlbumForGood', 'owner restoreAlbum']);
  });
});
