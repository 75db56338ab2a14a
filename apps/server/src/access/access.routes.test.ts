import { randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { PUBLIC_JOB_AUTH_FAILED, SECURED_JOB_NO_ACCESS } from '@trove/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, signUp, type TestApp } from '../test/harness.ts';
import {
  ALBUMS,
  CALLERS,
  createCast,
  credentials,
  randomAddress,
  registeredRoutes,
  snapshot,
  takesJob,
  type Album,
  type AlbumKind,
  type CallerName,
  type Cast,
} from './access-matrix.test-support.ts';
import { buildAlbum } from './access-matrix.albums.test-support.ts';
import {
  PENDING_DIFFERENCES,
  ROUTE_RULES,
  isGate,
  jobOf,
  mayDo,
  mayUnlock,
  whoIs,
  type RuleName,
} from './access-oracle.test-data.ts';
import { JOB_ROUTES, OPEN_ROUTES, type JobRoute, type RouteInput } from './route-actions.test-data.ts';

/*
 * [Note: Access] as a matrix: every registered route that takes a job id, for every kind of
 * caller (owner, participant, read-only member, former member, strangers and visitors with and
 * without grants, a guest, a bad token) on every kind of job (shared albums with each
 * permission, a password album, a private, a deleted one, a timeline, live, password, expired
 * and stopped shares, a missing id), run against the real app. What each cell should answer
 * is the oracle's (access-oracle.test-data.ts): the spec's rules written apart from policy.ts,
 * so a wrong cell of the production table fails here. Allowed answers 2xx/3xx; a denial
 * answers byte for byte what a missing id answers and changes nothing; a password album
 * without a grant and a deleted album of one's own answer 403 password_required and
 * secured_job (spec 000 §4). The requests are built from route-actions.test-data.ts.
 */

const MAP_FILE = 'apps/server/src/access/route-actions.test-data.ts';
const ORACLE_FILE = 'apps/server/src/access/access-oracle.test-data.ts';
/** Headers that differ between any two answers. */
const VOLATILE_HEADERS = new Set(['date', 'x-request-id', 'request-id', 'x-response-time']);
const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Expected = 'allowed' | 'denied' | 'password' | 'secured' | 'unauthorized';

/** The route's rule in the oracle; a route without one fails, naming it. */
function ruleOf(route: string): RuleName {
  const rule = ROUTE_RULES[route];
  if (!rule)
    throw new Error(
      `${route} has no line in ROUTE_RULES of ${ORACLE_FILE}: add one naming the rule that says who may call it`,
    );
  return rule;
}

/** What the oracle says the cell answers (access-oracle.test-data.ts; never policy.ts). */
function oracleOf(route: string, entry: JobRoute, caller: CallerName, album: AlbumKind): Expected {
  const rule = ruleOf(route);
  const who = whoIs(caller, album);
  if (who === 'unauthorized') return 'unauthorized';
  if (rule === 'unlockAlbum' || rule === 'unlockShare') return mayUnlock(rule, album) ? 'allowed' : 'denied';
  if (rule === 'public' || rule === 'signed') throw new Error(`${route}: a ${rule} route has no cells`);
  if (who === 'missing') return 'denied';
  // A route naming its albums in the body answers for each what a missing id gets.
  if (isGate(who)) return entry.jobsInBody ? 'denied' : who;
  const job = jobOf(album);
  if (!job) throw new Error(`${album} is no job`);
  if (mayDo(rule, who, job)) return 'allowed';
  // The owner of a deleted album hears that it was deleted (spec 000 §4), but from a
  // route that names its albums in the body, what a missing id gets.
  return job.deleted && !entry.jobsInBody ? 'secured' : 'denied';
}

/** A pending difference of the oracle that covers this cell, if any. */
function pendingOf(route: string, caller: CallerName, album: AlbumKind) {
  const who = whoIs(caller, album);
  return PENDING_DIFFERENCES.find((pending) => pending.route === route && pending.who === who);
}

/** What the cell must answer: the oracle's, but the code's present one in a pending difference. */
function expectedOf(route: string, entry: JobRoute, caller: CallerName, album: AlbumKind): Expected {
  const expected = oracleOf(route, entry, caller, album);
  const pending = pendingOf(route, caller, album);
  return pending && ['allowed', 'denied'].includes(expected) ? pending.now : expected;
}

/** The answer without what differs between any two answers (date, request ids). */
function comparable(response: LightMyRequestResponse) {
  const headers = Object.fromEntries(
    Object.entries(response.headers).filter(([name]) => !VOLATILE_HEADERS.has(name.toLowerCase())),
  );
  return { status: response.statusCode, headers, body: response.body };
}

/** What a HEAD answer (no body) is taken to say when its status is 403. */
const want403 = (expected: 'password' | 'secured') =>
  expected === 'password'
    ? { code: 'password_required', message: PUBLIC_JOB_AUTH_FAILED }
    : { code: 'secured_job', message: SECURED_JOB_NO_ACCESS };

function errorCode(response: LightMyRequestResponse): { code?: string; message?: string } {
  try {
    return response.json<{ error?: { code?: string; message?: string } }>().error ?? {};
  } catch {
    return {};
  }
}

describe.each(DIALECTS)('the access matrix (%s)', (dialect) => {
  let t: TestApp;
  let cast: Cast;
  const albums = new Map<AlbumKind, Album>();
  const album = (kind: AlbumKind) => {
    const found = albums.get(kind);
    if (!found) throw new Error(`no ${kind} fixture`);
    return found;
  };

  beforeAll(async () => {
    // Every caller keeps an upload in every fixture, and each route's cells make more: the
    // matrix asks who may, so the per-user count of [Note: Resumable limits] is lifted.
    t = await createTestApp(dialect, { deps: { resumableLimits: { maxOpen: Number.MAX_SAFE_INTEGER } } });
    cast = await createCast(t);
    for (const kind of ALBUMS) albums.set(kind, await buildAlbum(t, cast, kind));
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  /** The request of `route` for `caller` about `target`, with `input` naming ids. */
  function request(route: string, entry: JobRoute, caller: CallerName, target: Album, input: RouteInput) {
    const [method = '', pattern = ''] = route.split(' ');
    const path = pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
      const fill = entry.params?.[name];
      if (fill) return encodeURIComponent(fill(input));
      if (name === 'id') return encodeURIComponent(input.id);
      if (name === 'fileId') return input.photo;
      if (name === 'uploadId') return input.upload;
      throw new Error(`${route}: say in ${MAP_FILE} how to fill :${name} (params)`);
    });
    const wrongGrant = album(target.kind === 'shared3' ? 'password' : 'shared3').grant;
    const creds = credentials(caller, cast, target, wrongGrant);
    const extra = entry.request?.(input) ?? {};
    return t.app.inject({
      method: method as 'GET',
      // Each request from an address of its own: budgets per client address (password
      // tries, new guests) are the throttle tests' business, not the matrix's.
      remoteAddress: randomAddress(),
      url: `${path}?${extra.query ? `${extra.query}&` : ''}${creds.query}`,
      headers: { ...creds.headers, ...extra.headers },
      ...(extra.payload !== undefined && { payload: extra.payload }),
    });
  }

  it('has every registered route in its map, and no route that is not registered', () => {
    const routes = registeredRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    const unmapped = routes.filter((route) => (takesJob(route) ? !(route in JOB_ROUTES) : false));
    expect(
      unmapped,
      `Routes that take a job id but are not in the access matrix: add each to JOB_ROUTES in ${MAP_FILE} ` +
        'with the policy.ts action it needs (one line) and a minimal valid request if it has a body, ' +
        `and a line to ROUTE_RULES in ${ORACLE_FILE} naming the rule that says who may call it`,
    ).toEqual([]);
    const stale = [...Object.keys(JOB_ROUTES), ...Object.keys(OPEN_ROUTES)].filter(
      (r) => !routes.includes(r),
    );
    expect(stale, `Routes in ${MAP_FILE} that are not registered: remove them`).toEqual([]);
  });

  it('has a rule of the oracle for every route of the matrix, and no other', () => {
    const withoutRule = Object.keys(JOB_ROUTES).filter((route) => !(route in ROUTE_RULES));
    expect(
      withoutRule,
      `Routes of the matrix without a rule of the oracle: add a line for each to ROUTE_RULES in ${ORACLE_FILE}`,
    ).toEqual([]);
    const stale = Object.keys(ROUTE_RULES).filter((route) => !(route in JOB_ROUTES));
    expect(
      stale,
      `Routes in ROUTE_RULES of ${ORACLE_FILE} that the matrix does not run: remove them`,
    ).toEqual([]);
    // A pending difference is a cell where the code still answers otherwise than the oracle.
    for (const pending of PENDING_DIFFERENCES) {
      const entry = JOB_ROUTES[pending.route] ?? {};
      const cells = ALBUMS.flatMap((kind) =>
        CALLERS.filter((caller) => whoIs(caller, kind) === pending.who).map((caller) =>
          oracleOf(pending.route, entry, caller, kind),
        ),
      );
      expect(cells.length, `${pending.route} for ${pending.who}: no cell`).toBeGreaterThan(0);
      expect(
        cells,
        `${pending.route} for ${pending.who}: the oracle already says ${pending.now}`,
      ).not.toContain(pending.now);
    }
  });

  it('refuses a caller without a token (401) on every route without a job but the open ones', async () => {
    const query = cast.owner.query;
    const open: string[] = [];
    for (const route of registeredRoutes(t.app).filter((r) => !takesJob(r))) {
      const [method = '', path = ''] = route.split(' ');
      const url = `${path.replace(/:[A-Za-z]+/g, 'x')}?${query}`;
      const response = await t.app.inject({ method: method as 'GET', url });
      if (route in OPEN_ROUTES) expect(response.statusCode, route).not.toBe(401);
      else if (response.statusCode !== 401) open.push(`${route}: ${String(response.statusCode)}`);
    }
    expect(
      open,
      `Routes without a job that answer a caller without a token: if they are meant to, list them in OPEN_ROUTES of ${MAP_FILE}`,
    ).toEqual([]);
  });

  /** One cell: the caller's request about `target`, judged against a missing id's answer. */
  async function runCell(
    route: string,
    entry: JobRoute,
    caller: CallerName,
    target: Album,
    failures: string[],
  ) {
    const [method = ''] = route.split(' ');
    const expected = expectedOf(route, entry, caller, target.kind);
    const input: RouteInput = {
      id: target.id,
      photo: target.photo,
      video: target.video,
      trashed: target.trashed,
      upload: target.uploads[caller] ?? randomBytes(16).toString('hex'),
      comment: target.comments[caller] ?? randomUUID(),
      albumAuth: target.albumAuth,
      sharePassword: target.sharePassword,
    };
    const missing = await request(route, entry, caller, target, { ...input, id: randomUUID() });
    const response = await request(route, entry, caller, target, input);
    const pending = pendingOf(route, caller, target.kind)
      ? ` (a pending difference of ${ORACLE_FILE}: the oracle says ${oracleOf(route, entry, caller, target.kind)}; once the fix has landed, remove the entry)`
      : '';
    const cell = `${caller} (${whoIs(caller, target.kind)}) on ${target.kind}: expected ${expected}${pending}, got ${String(response.statusCode)} ${response.body.slice(0, 160)}`;
    const sameAsMissing = () => {
      const actual = JSON.stringify(comparable(response));
      const reference = JSON.stringify(comparable(missing));
      if (actual !== reference)
        failures.push(`${cell}\n    differs from a missing id's answer: ${reference}`);
    };
    switch (expected) {
      case 'allowed':
        if (response.statusCode < 200 || response.statusCode >= 400)
          failures.push(
            pending ? cell : `${cell}\n    (if the request is not valid, fix its request in ${MAP_FILE})`,
          );
        // A list route answers 2xx for anyone: allowed is the job's being in the answer.
        else if (
          entry.jobsInBody &&
          JSON.stringify(comparable(response)) === JSON.stringify(comparable(missing))
        )
          failures.push(`${cell}\n    answered as for a missing id`);
        return;
      case 'denied':
        if (!entry.jobsInBody && ![401, 404].includes(missing.statusCode))
          failures.push(`${cell} (a missing id answered ${String(missing.statusCode)})`);
        sameAsMissing();
        return;
      case 'unauthorized':
        if (response.statusCode !== 401) failures.push(cell);
        sameAsMissing();
        return;
      case 'password':
      case 'secured': {
        // A route that serves no visitor refuses one without a token before anything else.
        if (missing.statusCode === 401 && !standingSignedIn(caller)) {
          sameAsMissing();
          return;
        }
        const want = want403(expected);
        const { code, message } = method === 'HEAD' ? want : errorCode(response);
        if (response.statusCode !== 403 || code !== want.code || message !== want.message)
          failures.push(cell);
      }
    }
  }

  it.each(Object.keys(JOB_ROUTES))('%s', async (route) => {
    const entry = JOB_ROUTES[route] ?? {};
    const [method = ''] = route.split(' ');
    const failures: string[] = [];
    const rule = ruleOf(route);
    if (rule === 'public' || rule === 'signed') {
      await checkOpenJobRoute(route, rule, failures);
      expect(failures).toEqual([]);
      return;
    }
    const changes = entry.changes ?? !READ_ONLY_METHODS.has(method);
    const allowedChange = (kind: AlbumKind, caller: CallerName) =>
      changes && expectedOf(route, entry, caller, kind) === 'allowed';
    // Allowed changes run on a copy of the album, so the shared fixture stays as it was.
    const copyOf = async (kind: AlbumKind) =>
      buildAlbum(t, cast, kind, kind === 'timeline' ? await signUp(t.app) : cast.owner);
    const copies = new Map(
      await Promise.all(
        ALBUMS.filter((kind) => CALLERS.some((caller) => allowedChange(kind, caller))).map(
          async (kind) => [kind, await copyOf(kind)] as const,
        ),
      ),
    );
    for (const kind of ALBUMS) {
      // Everything but allowed changes runs at once on the fixture, which must not change.
      const shared = album(kind);
      const still = CALLERS.filter((caller) => !allowedChange(kind, caller));
      const before = changes ? await snapshot(t, shared.id) : undefined;
      if (entry.oneAtATime) for (const caller of still) await runCell(route, entry, caller, shared, failures);
      else await Promise.all(still.map((caller) => runCell(route, entry, caller, shared, failures)));
      if (before) {
        const after = await snapshot(t, shared.id);
        if (JSON.stringify(after) !== JSON.stringify(before))
          failures.push(
            `a refused request by ${still.join(', ')} changed the ${kind} album:\n    ${JSON.stringify(before)}\n -> ${JSON.stringify(after)}`,
          );
      }
      // The owner goes last: an owner's change (a password, a deletion) would change the others' cells.
      const copy = copies.get(kind);
      const changing = CALLERS.filter((caller) => allowedChange(kind, caller));
      for (const caller of [
        ...changing.filter((c) => c !== 'owner'),
        ...changing.filter((c) => c === 'owner'),
      ]) {
        const target = entry.copyEach === true ? await copyOf(kind) : copy;
        if (target) await runCell(route, entry, caller, target, failures);
      }
    }
    expect(
      failures,
      `${String(failures.length)} cells of ${route} disagree with the oracle (${ORACLE_FILE})`,
    ).toEqual([]);
  });

  const standingSignedIn = (caller: CallerName) =>
    !['visitor', 'visitorWithGrant', 'visitorWrongGrant', 'guest', 'badToken'].includes(caller);

  /**
   * Routes under a job id that take no token: public ones answer anyone; signed media answer
   * the URL each reader was given, and nothing under a missing id.
   */
  async function checkOpenJobRoute(route: string, rule: 'public' | 'signed', failures: string[]) {
    const [method = '', pattern = ''] = route.split(' ');
    for (const kind of ALBUMS) {
      const target = album(kind);
      if (rule === 'public') {
        const url = pattern.replace(':id', target.id);
        const response = await t.app.inject({ method: method as 'GET', url });
        if (response.statusCode >= 400) failures.push(`${kind}: ${String(response.statusCode)}`);
        continue;
      }
      for (const caller of CALLERS) {
        const who = whoIs(caller, kind);
        const job = jobOf(kind);
        if (isGate(who) || !job || !mayDo('see', who, job)) continue;
        const listing = await request('GET /st/4/jobs/:id/files', {}, caller, target, {
          id: target.id,
          photo: target.photo,
          video: target.video,
          trashed: target.trashed,
          upload: '',
          comment: '',
          albumAuth: target.albumAuth,
          sharePassword: target.sharePassword,
        });
        const file = listing
          .json<{ files: { id: string; file_url: string }[] }>()
          .files.find((f) => f.id === target.photo);
        const url = file?.file_url ?? '';
        const opened = await t.app.inject({ url });
        if (opened.statusCode !== 200)
          failures.push(`${caller} on ${kind}: ${String(opened.statusCode)} ${url}`);
        const moved = await t.app.inject({ url: url.replace(target.id, randomUUID()) });
        if (moved.statusCode !== 404)
          failures.push(`${caller} on ${kind} under a missing id: ${String(moved.statusCode)}`);
      }
    }
  }
});
