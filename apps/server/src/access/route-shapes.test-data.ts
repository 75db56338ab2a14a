import type { Session, TestApp } from '../test/harness.ts';
import type { AccountAction } from './account-policy.ts';

/*
 * The shapes the matrices' maps are written in (route-actions.test-data.ts and its billing
 * part), apart from the maps so the parts import them without importing each other.
 */

/** The parts of a request beyond method, path and the caller's credentials. */
export interface RouteRequest {
  query?: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | object;
}

/** What a request of the account matrix is built from: fresh things each cell may change. */
export interface AccountInput {
  /** An account the request is about: another's, or the caller's own. */
  account: string;
  /** A version label no version has yet. */
  newVersion: string;
  /** The latest published version of the terms. */
  latestVersion: string;
  /** A live card for everyone, fresh for this cell. */
  card: string;
  /** The account of a deletion in its grace period, fresh for this cell. */
  pendingDeletion: string;
  /** The account of a deletion whose work item gave up, fresh for this cell. */
  failedDeletion: string;
  /** A work item out of attempts, fresh for this cell. */
  failedWorkItem: string;
  /** Issue #25's operator area: a live grant of another account, fresh for this cell. */
  liveGrant: string;
  /** What the route's `prepare` made of the caller's own; placeholders where it made nothing. */
  own: Prepared;
}

/** What a route's preparation (AccountRoute.prepare) makes of the caller's own. */
export interface Prepared {
  /** The caller's subscription, in the state the route needs. */
  subscription: string;
  /** A setup intent of the caller's customer, confirmed with a card. */
  setupIntent: string;
  /** The code a fresh TV receiver shows (issue #27). */
  castCode: string;
  /** A TV receiver paired to the caller's account (issue #27). */
  castReceiver: string;
}

export interface AccountRoute {
  /** The action of ACCOUNT_POLICY (account-policy.ts) the route asks, for readers. */
  action: AccountAction;
  /** `:id` names an account: the matrix runs it on another's and on the caller's own. */
  namesAccount?: true;
  params?: Record<string, (input: AccountInput) => string>;
  /** A minimal valid request: an allowed caller must get a 2xx answer. */
  request?: (input: AccountInput) => RouteRequest;
  /**
   * Makes what the caller's own request needs to answer 2xx (a card, a plan), through the
   * routes, before each allowed cell; its values are the input's `own`. A refused caller gets
   * nothing prepared: their request names placeholders and must be refused all the same.
   */
  prepare?: (t: TestApp, caller: Session) => Promise<Partial<Prepared>>;
  /** An invalid request: a refused caller must get for it what a missing route answers, too. */
  invalid?: RouteRequest;
}
