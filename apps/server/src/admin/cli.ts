import fs from 'node:fs';
import os from 'node:os';
import { z } from 'zod/mini';
import { Locale, NewCardBody, PublishTermsBody } from '@trove/contract';
import type { Config } from '../config.ts';
import { adminDeletions, DELETIONS_USAGE } from './deletions-cli.ts';
import { announce } from './announce-cli.ts';
import { grantsCommand, GRANTS_USAGE } from './grants-cli.ts';
import { syncPlansCommand, SYNC_PLANS_USAGE } from './sync-plans-cli.ts';
import type { AdminIo } from './admin-io.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { openEventBus } from '../events/open-bus.ts';
import { emailConsentIdsFromSecret } from '../access/email-consent-ids.ts';
import { resolveServerSecret } from '../secrets/server-secret.ts';
import { createMailer } from '../mail/index.ts';
import { linkOrigin } from '../modules/shares/publish.service.ts';
import { SESSIONS_REFUSED_CHANNEL } from '../access/session-revocations.ts';
import { createRepositories, createTransact } from '../modules/repositories.ts';
import { commandLineActor, type OperatorActor } from '../modules/operator/actor.ts';
import { createOperatorServices, type OperatorDeps } from '../modules/operator/operator-module.ts';

/** `trove admin …`: the operator's side on the command line (issue #24), usage per command. */
export const ADMIN_USAGE = [
  'admin users [search]                      accounts with usage, quota and state',
  'admin operator <email> [--revoke]         make an account an operator (or no longer)',
  'admin disable <email> | enable <email>    disable or enable an account',
  'admin audit [--limit N]                   what operators did, newest first',
  'admin terms list                          versions of the terms of service',
  'admin terms publish <version> <locale>=<file> …  publish a version (en_US required)',
  'admin cards list                          full-screen cards',
  'admin cards add <card.json>               a card (the body of POST /admin/cards)',
  'admin cards end <card id>                 end a card now',
  'admin announce <subject> <file> [--locale L]  e-mail everyone who chose to stay up to date',
  DELETIONS_USAGE,
  GRANTS_USAGE,
  SYNC_PLANS_USAGE,
].join('\n');

export type { AdminIo } from './admin-io.ts';

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
const date = (seconds: number | null) =>
  seconds === null ? '-' : new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');

/** Runs one `trove admin` command against the services; the exit code. */
export async function runAdminCommand(
  deps: OperatorDeps & { systemUser: string },
  args: string[],
  io: AdminIo,
) {
  const services = createOperatorServices(deps);
  const actor: OperatorActor = commandLineActor(deps.systemUser);
  const [command = '', ...rest] = args;
  const usage = () => {
    io.err(`usage: trove ${ADMIN_USAGE.split('\n').join('\n       trove ')}`);
    return 2;
  };
  const account = async (email: string | undefined) => {
    const found = email ? await services.operator.findByEmail(email) : undefined;
    if (!found) io.err(`admin: no account ${email ?? ''}`);
    return found;
  };
  try {
    switch (command) {
      case 'users': {
        const { users, total } = await services.operator.listUsers(actor, {
          q: rest[0],
          offset: 0,
          limit: 200,
        });
        for (const user of users)
          io.out(
            `${user.email}\t${user.state}${user.is_operator ? ' operator' : ''}\t${gib(user.used_space)} of ${gib(user.max_space)}\t${String(user.file_count)} files\tlast seen ${date(user.last_seen)}`,
          );
        io.out(
          `${String(total)} accounts${total > users.length ? ` (the newest ${String(users.length)} shown; search to narrow)` : ''}`,
        );
        return 0;
      }
      case 'operator': {
        const found = await account(rest[0]);
        if (!found) return 1;
        const revoke = rest.includes('--revoke');
        await services.operator.setOperator(actor, found.id, !revoke);
        io.out(`admin: ${found.email} is ${revoke ? 'no longer an' : 'an'} operator`);
        return 0;
      }
      case 'disable':
      case 'enable': {
        const found = await account(rest[0]);
        if (!found) return 1;
        const user = await services.operator.setDisabled(actor, found.id, command === 'disable');
        io.out(`admin: ${user.email} is ${user.state}`);
        return 0;
      }
      case 'audit': {
        const at = rest.indexOf('--limit');
        const limit = at >= 0 ? Number(rest[at + 1]) : 50;
        if (!Number.isSafeInteger(limit) || limit < 1 || limit > 200) return usage();
        const { entries } = await services.operator.auditLog(actor, { limit });
        for (const e of entries)
          io.out(`${date(e.at)}\t${e.actor}\t${e.action}\t${e.target_label || (e.target_id ?? '')}`);
        return 0;
      }
      case 'announce': {
        const [subject, file] = rest;
        const at = rest.indexOf('--locale');
        if (subject === undefined || file === undefined || subject.startsWith('--') || file.startsWith('--'))
          return usage();
        const locale = at >= 0 ? Locale.safeParse(rest[at + 1]) : undefined;
        if (locale?.success === false) return usage();
        return await announce(
          deps,
          services,
          actor,
          { subject, text: io.readFile(file), locale: locale?.data },
          (line) => {
            io.out(line);
          },
        );
      }
      case 'terms':
        return await terms(services, actor, rest, io, usage);
      case 'cards':
        return await cards(services, actor, rest, io, usage);
      case 'grant':
      case 'end-grant':
      case 'grants':
      case 'read-only':
        return await grantsCommand(deps, actor, args, io, usage);
      default:
        return usage();
    }
  } catch (error) {
    if (error instanceof AppError) {
      io.err(
        `admin: ${error.message}${error.issues ? `: ${error.issues.map((i) => `${i.path} ${i.message}`).join('; ')}` : ''}`,
      );
      return 1;
    }
    throw error;
  }
}

type Services = ReturnType<typeof createOperatorServices>;

async function terms(
  services: Services,
  actor: OperatorActor,
  rest: string[],
  io: AdminIo,
  usage: () => number,
) {
  const [sub, version, ...files] = rest;
  if (sub === 'list') {
    for (const v of (await services.terms.list(actor)).versions)
      io.out(`${v.version}\t${date(v.published_at)}\t${v.locales.join(',')}\t${String(v.accepted)} accepted`);
    return 0;
  }
  if (sub !== 'publish' || version === undefined || files.length === 0) return usage();
  const texts: Record<string, string> = {};
  for (const pair of files) {
    const [locale = '', file = ''] = pair.split(/=(.*)/s);
    if (!Locale.options.some((l) => l === locale) || file === '') return usage();
    texts[locale] = io.readFile(file);
  }
  await services.terms.publish(actor, parse(PublishTermsBody, { version, texts }));
  io.out(`admin: terms ${version} published; users are asked to accept them`);
  return 0;
}

async function cards(
  services: Services,
  actor: OperatorActor,
  rest: string[],
  io: AdminIo,
  usage: () => number,
) {
  const [sub, arg] = rest;
  if (sub === 'list') {
    for (const card of (await services.cards.listAll(actor)).cards)
      io.out(
        `${card.card_id}\t${card.client_values.title}\t${card.audience.kind}\t${date(card.starts_at)} – ${date(card.ends_at)}\t${String(card.dismissed)} dismissed`,
      );
    return 0;
  }
  if (sub === 'add' && arg !== undefined) {
    const card = await services.cards.create(actor, parse(NewCardBody, JSON.parse(io.readFile(arg))));
    io.out(`admin: card ${card.card_id} written`);
    return 0;
  }
  if (sub === 'end' && arg !== undefined) {
    await services.cards.end(actor, arg);
    io.out(`admin: card ${arg} ended`);
    return 0;
  }
  return usage();
}

/** Input from a file or the arguments, checked by the contract as the HTTP calls check it. */
function parse<T>(schema: z.ZodMiniType<T>, input: unknown): T {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  throw new AppError(400, 'validation_failed', 'invalid input', issues);
}

/**
 * `trove admin …` (main.ts): opens the database, runs the command, tells a serving process
 * through the event bus which sessions a disabling ended (with REDIS_URL at once; otherwise
 * the server reads them within a minute, [Note: Media URLs]).
 */
export async function runAdmin(config: Config, args: string[]): Promise<number> {
  if (args[0] === 'deletions') return adminDeletions(config, args);
  if (args[0] === 'sync-plans')
    return syncPlansCommand(config, {
      out: (line) => {
        console.log(line);
      },
      err: (line) => {
        console.error(line);
      },
    });
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  const bus = openEventBus(config);
  const mailer = createMailer(config);
  try {
    await migrateToLatest(database.db);
    // Unsubscribe links in announcements must open on every node: [Note: Server secret].
    const { secret, notices } = await resolveServerSecret({ config, db: database.db });
    // Only warnings: the command's own output is what the operator came for.
    for (const notice of notices) if (notice.level === 'warn') console.error(notice.text);
    let systemUser = 'unknown';
    try {
      systemUser = os.userInfo().username;
    } catch {
      // A container user without a passwd entry: the log says `cli:unknown`.
    }
    return await runAdminCommand(
      {
        repos: createRepositories(database.db),
        transact: createTransact(database.db),
        revocations: {
          announce: async (ids) => {
            if (ids.length > 0) await bus.publish(SESSIONS_REFUSED_CHANNEL, ids.join(','));
          },
        },
        baseQuotaBytes: config.BASE_QUOTA_BYTES,
        now: Date.now,
        bus,
        systemUser,
        announcements: {
          mailer,
          emailConsentIds: emailConsentIdsFromSecret(secret),
          origin: () => linkOrigin(config.APP_HOST, config.SIGN_IN_ORIGINS, undefined),
        },
      },
      args,
      {
        out: (line) => {
          console.log(line);
        },
        err: (line) => {
          console.error(line);
        },
        readFile: (file) => fs.readFileSync(file, 'utf8'),
      },
    );
  } finally {
    await mailer.close();
    await bus.close();
    await database.close();
  }
}
