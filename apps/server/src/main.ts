#!/usr/bin/env node
import { ConfigError, loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { connectOidc, type OidcProvider } from './identity/oidc.ts';

/**
 * The `trove` command: `serve` (default) runs the server, `migrate` applies migrations.
 * Later issues add `worker`, `fsck` and `seed`.
 */
const USAGE = 'usage: trove [serve|migrate]';

async function main(argv: string[]): Promise<number> {
  const command = argv[0] ?? 'serve';
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  switch (command) {
    case 'migrate':
      return migrate(config);
    case 'serve':
      return serve(config);
    default:
      console.error(USAGE);
      return 2;
  }
}

async function migrate(config: Config): Promise<number> {
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    return 0;
  } finally {
    await database.close();
  }
}

async function serve(config: Config): Promise<number> {
  const database = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: config.SQLITE_FILE });
  await migrateToLatest(database.db);
  let oidc: OidcProvider | undefined;
  if (config.OIDC_ISSUER !== '') {
    oidc = await connectOidc({
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      scopes: config.OIDC_SCOPES,
      allowHttp: config.OIDC_ALLOW_HTTP,
    });
  }
  const app = await buildApp({ config, database, ...(oidc ? { oidc } : {}) });
  const close = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close());
  process.once('SIGTERM', () => void close());
  const address = await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Trove is serving on ${address} (data in ${config.DATA_DIR}, ${database.dialect})`);
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
