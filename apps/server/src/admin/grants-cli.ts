import { bytesToGb, GrantSource, isUnlimited } from '@trove/contract';
import type { OperatorActor } from '../modules/operator/actor.ts';
import { createGrantWrites } from '../modules/billing/grants.service.ts';
import type { OperatorDeps } from '../modules/operator/operator-module.ts';
import type { AdminIo } from './admin-io.ts';

/** `trove admin grant …` and `end-grant` (admin/cli.ts hands them here; issue #25). */
export const GRANTS_USAGE = [
  'admin grant <email> <source> <size-GB> [--expires <date>]  add storage (GB = 2^30 bytes)',
  'admin end-grant <grant id>                end a grant now',
  'admin grants <email>                      the live grants of an account',
  'admin read-only <email> [--revoke]        make an account read-only (spec 001 §6), or writable again',
].join('\n');

const gib = (bytes: number | null) =>
  bytes === null ? 'the base quota' : isUnlimited(bytes) ? 'unlimited' : `${bytesToGb(bytes).toFixed(2)} GiB`;

/**
 * Runs one grant command; the exit code (2 for a wrong use, 1 when the account or grant is
 * not there). Each write is one transaction with its audit entry and the new max_space.
 */
export async function grantsCommand(
  deps: OperatorDeps,
  actor: OperatorActor,
  args: string[],
  io: AdminIo,
  usage: () => number,
): Promise<number> {
  const service = createGrantWrites({
    grants: deps.repos.grants,
    transact: deps.transact,
    baseQuotaBytes: deps.baseQuotaBytes,
    now: deps.now,
  });
  const [command, ...rest] = args;
  const account = async (email: string | undefined) => {
    const user = email ? await deps.repos.accounts.findByEmail(email.trim().toLowerCase()) : undefined;
    if (!user) io.err(`admin: no account ${email ?? ''}`);
    return user;
  };
  if (command === 'grant') {
    const [email, sourceArg, sizeArg] = rest;
    const source = GrantSource.safeParse(sourceArg);
    const size = Number(sizeArg);
    const at = rest.indexOf('--expires');
    const expiresAt = at >= 0 ? Date.parse(rest[at + 1] ?? '') : null;
    if (!source.success || !Number.isFinite(size) || size <= 0 || Number.isNaN(expiresAt)) return usage();
    if (expiresAt !== null && expiresAt <= deps.now()) {
      io.err('admin: --expires must be in the future');
      return 2;
    }
    const user = await account(email);
    if (!user) return 1;
    const { grant, maxSpace } = await service.grant(actor, {
      userId: user.id,
      source: source.data,
      sizeGb: size,
      expiresAt,
    });
    io.out(`admin: grant ${grant.id}: ${user.email} may now use ${gib(maxSpace)}`);
    return 0;
  }
  if (command === 'end-grant') {
    const [id] = rest;
    if (id === undefined) return usage();
    const ended = await service.end(actor, id);
    if (!ended) {
      io.err(`admin: no live grant ${id}`);
      return 1;
    }
    io.out(`admin: grant ${id} ended`);
    return 0;
  }
  const user = await account(rest[0]);
  if (!user) return 1;
  if (command === 'read-only') {
    const readOnly = !rest.includes('--revoke');
    const changed = await service.setReadOnly(actor, user.id, readOnly);
    io.out(
      `admin: ${user.email} ${changed ? 'is now' : 'already was'} ${readOnly ? 'read-only' : 'writable'}`,
    );
    return 0;
  }
  for (const g of await deps.repos.grants.listLive(user.id, deps.now()))
    io.out(
      `${g.id}\t${g.source}\t${gib(g.size_bytes)}\texpires ${g.expires_at === null ? '-' : new Date(g.expires_at).toISOString()}`,
    );
  return 0;
}
