import type { Who } from './access-oracle.test-data.ts';

/*
 * The order of roles (spec 000 §6): an owner may do at least what a participant may, a
 * participant at least what a visitor may, and so on down, on the same job, but for the few
 * things that belong to the lesser role (leaving, subscribing, giving a name). The states are
 * few (album or not, shared or not, the permission bits, deleted or not), so every one is
 * tried: a random sample (fast-check) would only see some of what this sees.
 */

/** `stronger` may do at least what `weaker` may, but for `except` (each with its reason). */
export interface RoleOrder<Who, Action extends string> {
  stronger: Who;
  weaker: Who;
  except?: Partial<Record<Action, string>>;
}

/**
 * What breaks the orders: each (state, action) where the weaker may and the stronger may
 * not, outside the exceptions, and each exception that never happens (a stale one).
 */
export function roleOrderViolations<Who extends string, State, Action extends string>(
  orders: readonly RoleOrder<Who, Action>[],
  states: readonly State[],
  actions: readonly Action[],
  may: (who: Who, state: State, action: Action) => boolean,
  describe: (state: State) => string,
): string[] {
  const violations: string[] = [];
  for (const { stronger, weaker, except = {} } of orders) {
    const seen = new Set<Action>();
    for (const state of states)
      for (const action of actions) {
        if (!may(weaker, state, action) || may(stronger, state, action)) continue;
        if (action in except) seen.add(action);
        else violations.push(`${weaker} may ${action} but ${stronger} may not, on ${describe(state)}`);
      }
    for (const action of Object.keys(except) as Action[])
      if (!seen.has(action))
        violations.push(`${stronger} over ${weaker}: the exception ${action} never happens, remove it`);
  }
  return violations;
}

/** The callers the orders speak of: those of the matrix's oracle (spec 000 §6). */
export type OrderedCaller = Who;

/**
 * Spec 000 §6's order of roles, of albums and of shares, but for what is the lesser role's
 * own: given the names a table uses for leaving, subscribing and becoming a guest.
 */
export function roleOrders<Action extends string>(own: {
  leave: Action;
  subscribe: Action;
  becomeGuest: Action;
}): { album: RoleOrder<OrderedCaller, Action>[]; share: RoleOrder<OrderedCaller, Action>[] } {
  const only = (action: Action, why: string) => ({ [action]: why }) as Partial<Record<Action, string>>;
  const subscribed = only(own.subscribe, 'a member is subscribed already');
  return {
    album: [
      {
        stronger: 'owner',
        weaker: 'participant',
        except: only(own.leave, 'the owner cannot leave their album'),
      },
      { stronger: 'participant', weaker: 'readOnlyMember' },
      { stronger: 'participant', weaker: 'signedInVisitor', except: subscribed },
      { stronger: 'readOnlyMember', weaker: 'readOnlyVisitor', except: subscribed },
      { stronger: 'signedInVisitor', weaker: 'readOnlyVisitor' },
      {
        stronger: 'signedInVisitor',
        weaker: 'signedOutVisitor',
        except: only(own.becomeGuest, 'a signed-in caller is never a guest'),
      },
      { stronger: 'guest', weaker: 'signedOutVisitor' },
    ],
    share: [
      { stronger: 'shareOwner', weaker: 'recipient' },
      { stronger: 'shareOwner', weaker: 'sourceAlbumOwner' },
      { stronger: 'sourceAlbumOwner', weaker: 'recipient' },
      { stronger: 'recipient', weaker: 'readOnlyRecipient' },
      { stronger: 'recipient', weaker: 'signedOutRecipient' },
    ],
  };
}
