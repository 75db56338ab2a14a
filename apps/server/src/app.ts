import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_UPLOAD_BYTES, resolveBrands } from '@trove/contract';
import { serviceDirectory, shutdownInfoOf } from './app-settings.ts';
import type { Config } from './config.ts';
import { createRepositories, createTransact } from './modules/repositories.ts';
import type { DatabaseHandle } from './db/database.ts';
import { handleClientError, registerErrorHandler } from './errors.ts';
import { createInProcessEventBus, type EventBus } from './events/event-bus.ts';
import { authPlugin } from './http/auth.ts';
import { loggerOptions, RequestLogController } from './http/logging.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerWebClient } from './http/web-client.ts';
import { createIdpService } from './identity/idp.service.ts';
import { registerIdpRoutes } from './identity/idp.routes.ts';
import type { OidcProvider } from './identity/oidc.ts';
import { createDeviceCookies } from './identity/device-cookie.ts';
import { deriveKey } from './identity/crypto.ts';
import { createChangeWriter } from './modules/changes/change-writer.ts';
import { registerChangeRoutes } from './modules/changes/changes.routes.ts';
import { registerCommentRoutes } from './modules/comments/comments.routes.ts';
import { createCommentsService } from './modules/comments/comments.service.ts';
import { registerTrashRoutes } from './modules/trash/trash.routes.ts';
import { registerArchiveRoutes } from './modules/archives/archives.routes.ts';
import { createArchivesService } from './modules/archives/archives.service.ts';
import { createTrashAlbumsService } from './modules/trash/trash-albums.service.ts';
import { createTrashService } from './modules/trash/trash.service.ts';
import { createChangesService } from './modules/changes/changes.service.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerDocumentRoutes } from './modules/files/documents.routes.ts';
import { createDocumentsService } from './modules/files/documents.service.ts';
import { createFilesService } from './modules/files/files.service.ts';
import { registerUploadRoutes } from './modules/uploads/uploads.routes.ts';
import { registerCopyRoutes } from './modules/uploads/copies.routes.ts';
import { createUploadsService } from './modules/uploads/uploads.service.ts';
import { createCopiesService } from './modules/uploads/copies.service.ts';
import { createFsBlobStore } from './storage/fs-blob-store.ts';
import { createMediaSigner } from './access/media-urls.ts';
import { resolveServerSecret } from './secrets/server-secret.ts';
import { emailConsentIdsFromSecret } from './access/email-consent-ids.ts';
import { createSessionRevocations } from './access/session-revocations.ts';
import { accessFor } from './access/access.ts';
import { parseMediaScope } from './access/visitor-grants.ts';
import { createThrottle } from './identity/throttle.ts';
import { createQuotas } from './identity/quota.ts';
import { createMediaLinks } from './modules/media/media-links.ts';
import { registerMediaRoutes } from './modules/media/media.routes.ts';
import { registerResumableRoutes } from './modules/resumable/resumable.routes.ts';
import { createResumableService, type ResumableLimits } from './modules/resumable/resumable.service.ts';
import { createMediaService } from './modules/media/media.service.ts';
import type { BlobStore } from './storage/blob-store.ts';
import { registerAccountRoutes } from './modules/accounts/accounts.routes.ts';
import { createProfileService } from './modules/profile/profile.service.ts';
import { registerProfileRoutes } from './modules/profile/profile.routes.ts';
import { profileExport } from './modules/profile/profile-export.ts';
import { createAccountAccess } from './access/account-access.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { registerPrivacyRoutes } from './modules/privacy/privacy.routes.ts';
import { createPrivacyService } from './modules/privacy/privacy.service.ts';
import { registerDataAccessRoutes } from './modules/data-access/data-access.routes.ts';
import { createDataAccessService } from './modules/data-access/data-access.service.ts';
import { registerDirectoryRoutes } from './modules/directory/directory.routes.ts';
import { createReadinessCheck } from './modules/directory/readiness.ts';
import { registerJobRoutes } from './modules/jobs/jobs.routes.ts';
import { registerAlbumRoutes } from './modules/jobs/albums.routes.ts';
import { createAlbumsService } from './modules/jobs/albums.service.ts';
import { registerOptionRoutes } from './modules/options/options.routes.ts';
import { createOptionsService } from './modules/options/options.service.ts';
import { createJobsService } from './modules/jobs/jobs.service.ts';
import { registerSessionRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { registerPublishRoute, registerShareRoutes } from './modules/shares/shares.routes.ts';
import { createPublishService, linkOrigin } from './modules/shares/publish.service.ts';
import { registerMyLinksRoutes } from './modules/shares/my-links.routes.ts';
import { createMyLinksService } from './modules/shares/my-links.service.ts';
import { createMailer } from './mail/index.ts';
import { createSharesService } from './modules/shares/shares.service.ts';
import type { Mailer } from './mail/mailer.ts';
import { createOperatorServices, registerOperatorRoutes } from './modules/operator/operator-module.ts';
import { registerDeletionRoutes } from './modules/deletion/deletion.routes.ts';
import { createDeletionService } from './modules/deletion/deletion.service.ts';
import { createFreshLoginCheck } from './access/fresh-login.ts';
import { createLegacyService, legacyExportSection } from './modules/legacy/legacy.service.ts';
import { grantsExportSection } from './modules/billing/grants-export.ts';
import { registerBilling } from './modules/billing/billing-module.ts';
import type { BillingRuntime } from './modules/billing/billing.runtime.ts';
import type { PlanCatalogue } from './modules/billing/catalogue.ts';
import { registerLegacyRoutes } from './modules/legacy/legacy.routes.ts';
import { createGrantsService } from './modules/billing/grants.service.ts';
import { registerGrantsRoutes } from './modules/billing/grants.routes.ts';
import { createMetrics, type TroveMetrics } from './metrics/metrics.ts';
import { registerHttpMetrics } from './metrics/http-metrics.ts';
import { registerCast } from './modules/cast/cast-module.ts';

/** Everything the app is built from; tests pass their own. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  /** The plans on sale; by default read and checked from config.PLANS_FILE. */
  catalogue?: PlanCatalogue;
  /** Where file bytes live; the local disk under DATA_DIR by default. */
  store?: BlobStore;
  /** Where resumable uploads wait (see [Note: Resumable uploads]); by the store's kind by default. */
  resumablePartials?: 'local' | 'store';
  /** Bounds on unfinished uploads ([Note: Resumable limits]); tests lower them. */
  resumableLimits?: Partial<ResumableLimits>;
  /** Wakes long polls; in-process by default. */
  bus?: EventBus;
  /** The server's signing key; by default MEDIA_URL_SECRET or the database's ([Note: Server secret]). */
  mediaSecret?: Buffer;
  oidc?: OidcProvider;
  /** Where messages go (see [Note: Mail]); by default SMTP_URL's server or DATA_DIR/outbox. */
  mailer?: Mailer;
  now?: () => number;
  /** The process's metrics (See: [Note: Metrics]); a registry of the app's own by default. */
  metrics?: TroveMetrics;
  /** Log level (and destination, for tests), or false for no log. */
  logger?: false | { level: string; stream?: NodeJS.WritableStream };
  /**
   * Aborted when the process begins to stop (main.ts): /readyz answers 503 `draining` and
   * long polls answer at once (See: [Note: Graceful shutdown]). Never, by default.
   */
  draining?: AbortSignal;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Plans and payments as this app runs them (issue #25): the provider, sync, webhook. */
    billing: BillingRuntime;
  }
}

/** Builds the Fastify app from explicit dependencies. It never listens: main.ts does. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const now = deps.now ?? Date.now;
  const logger = deps.logger ?? { level: config.LOG_LEVEL };
  const logController = new RequestLogController(config.SLOW_REQUEST_MS);
  const app = Fastify({
    logger: logger === false ? false : loggerOptions(logger),
    logController,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Requests the HTTP parser refuses still get the contract's error shape.
    clientErrorHandler: handleClientError,
    // A request that reaches a closing server (on a connection opened before) is served,
    // with `Connection: close`, rather than refused with Fastify's bare 503: the server stops
    // taking connections, not the requests already on their way ([Note: Graceful shutdown]).
    return503OnClosing: false,
  });
  const draining = deps.draining ?? new AbortController().signal;
  // A response sent while draining closes its connection, as Fastify does for the requests
  // that arrive then: the client's next request goes to a node that stays.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining.aborted) void reply.header('connection', 'close');
    done(null, payload);
  });

  const repos = createRepositories(database.db);
  const transact = createTransact(database.db);
  const brands = resolveBrands(config.BRANDS_JSON);
  const reserveBytes = config.DISK_RESERVE_MB * 1024 * 1024;
  const store = deps.store ?? createFsBlobStore(config.DATA_DIR, { reserveBytes });
  const bus = deps.bus ?? createInProcessEventBus();
  const mailer = deps.mailer ?? createMailer(config);
  const metrics = deps.metrics ?? createMetrics();
  app.addHook('onClose', async () => {
    await mailer.close();
  });
  const revocations = createSessionRevocations({
    bus,
    load: (since) => repos.sessions.listRefusedSince(since),
    now,
  });
  await revocations.start();
  app.addHook('onClose', (_instance, done) => {
    revocations.stop();
    done();
  });
  const sessionsService = createSessionsService({
    sessions: repos.sessions,
    accounts: repos.accounts,
    revocations,
    sunset: repos.sunset,
    now,
  });
  const changeWriter = createChangeWriter({ db: database.db, bind: createRepositories, bus });
  const serverSecret = deps.mediaSecret ?? (await resolveLogged(app, { config, db: database.db, now }));
  const signer = createMediaSigner(serverSecret, {
    now,
    // A visitor's URL names no session (see [Note: Visitors]); a signed-in caller's does.
    isRefused: (sid) => {
      const { sessionId } = parseMediaScope(sid);
      return sessionId !== null && revocations.isRefused(sessionId);
    },
  });
  const access = accessFor(repos, serverSecret, now);
  const freshLogin = createFreshLoginCheck({ windowS: config.FRESH_LOGIN_WINDOW_S, now });
  const accountAccess = createAccountAccess({ operators: repos.operator, freshLogin });
  const profileService = createProfileService({
    repos,
    transact,
    accountAccess,
    store,
    signer,
    quotas: createQuotas(repos.throttle, now),
    now,
    warn: (object, message) => {
      app.log.warn(object, message);
    },
  });
  const accountsService = createAccountsService({
    accounts: repos.accounts,
    privacy: repos.privacy,
    terms: repos.terms,
    transact,
    baseQuotaBytes: config.BASE_QUOTA_BYTES,
    pictureUrlOf: (caller) => profileService.ownPictureUrl(caller),
    shutdownInfo: shutdownInfoOf(config),
    now,
  });
  const jobsService = createJobsService({
    repos,
    access,
    accountAccess,
    links: createMediaLinks(signer),
    now,
  });
  const uploadsService = createUploadsService({
    repos,
    changeWriter,
    access,
    store,
    bus,
    baseQuotaBytes: config.BASE_QUOTA_BYTES,
    now,
    meter: metrics.uploads,
  });
  const copiesService = createCopiesService({
    repos,
    changeWriter,
    access,
    bus,
    baseQuotaBytes: config.BASE_QUOTA_BYTES,
    now,
  });
  const filesService = createFilesService({
    repos,
    access,
    changeWriter,
    baseQuotaBytes: config.BASE_QUOTA_BYTES,
    links: createMediaLinks(signer),
    now,
  });
  const mediaService = createMediaService({ repos, store, signer, now });
  const changesService = createChangesService({ repos, access, bus });
  const idpService = createIdpService({
    loginRequests: repos.loginRequests,
    accounts: repos.accounts,
    accountsService,
    sessionsService,
    throttle: createThrottle(repos.throttle, now),
    quotas: createQuotas(repos.throttle, now),
    signUpsPerHour: config.SIGN_UPS_PER_HOUR,
    deviceCookies: createDeviceCookies(deriveKey(serverSecret, 'device-cookie')),
    oidc: deps.oidc,
    loginHost: config.LOGIN_HOST,
    signInOrigins: config.SIGN_IN_ORIGINS,
    clientName: brands.intl.name,
    now,
  });

  registerErrorHandler(app);
  logController.register(app);
  registerHttpMetrics(app, metrics);
  const directory = serviceDirectory(config);
  registerSecurityHeaders(app, Object.values(directory), { stripe: config.BILLING === 'stripe' });
  await app.register(fastifyCookie);
  // The size cap is enforced while streaming (200 GiB, spec 000 §9); the plugin's default of
  // 1 MiB would cut every photo short.
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 20 } });
  await app.register(authPlugin, { sessions: sessionsService, clientKeys: config.CLIENT_KEYS });

  registerDirectoryRoutes(app, {
    directory,
    brands,
    draining,
    readiness: createReadinessCheck({
      db: database.db,
      store,
      bus,
      warn: (object, message) => {
        app.log.warn(object, message);
      },
    }),
  });
  registerIdpRoutes(app, { idp: idpService });
  registerAccountRoutes(app, { accounts: accountsService });
  registerProfileRoutes(app, { profile: profileService });
  const emailConsentIds = emailConsentIdsFromSecret(serverSecret);
  registerPrivacyRoutes(app, {
    privacy: createPrivacyService({
      privacy: repos.privacy,
      access: accountAccess,
      emailConsentIds,
      freshLogin,
      transact,
      quotas: createQuotas(repos.throttle, now),
      now,
    }),
    testRoutes: config.TEST_ROUTES,
  });
  const profileSections = profileExport(repos.profile);
  registerDataAccessRoutes(app, {
    dataAccess: createDataAccessService({
      repos,
      store,
      signer,
      cooldownHours: config.DATA_ACCESS_COOLDOWN_HOURS,
      sections: [
        legacyExportSection(repos.legacy),
        grantsExportSection(repos.grants),
        ...profileSections.sections,
      ],
      storedBytes: profileSections.storedBytes,
      freshLogin,
      now,
    }),
    meter: metrics.archives,
  });
  registerLegacyRoutes(app, {
    legacy: createLegacyService({ legacy: repos.legacy, access: accountAccess, freshLogin, now }),
  });
  registerGrantsRoutes(app, {
    grants: createGrantsService({ grants: repos.grants, access: accountAccess, now }),
  });
  // Plans and payments (issue #25): modules/billing/billing-module.ts.
  await registerBilling(app, {
    config,
    db: database.db,
    catalogue: deps.catalogue,
    repos,
    transact,
    access: accountAccess,
    brands,
    now,
  });
  registerSessionRoutes(app, { sessions: sessionsService });
  registerDeletionRoutes(app, {
    deletion: createDeletionService({
      repos,
      changeWriter,
      revocations,
      bus,
      graceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
      freshLogin,
      now,
    }),
  });
  registerJobRoutes(app, { jobs: jobsService });
  registerAlbumRoutes(app, {
    albums: createAlbumsService({
      repos,
      access,
      changeWriter,
      jobs: jobsService,
      directory,
      pictures: profileService,
      now,
    }),
  });
  registerOptionRoutes(app, { options: createOptionsService({ options: repos.options, now }) });
  registerUploadRoutes(app, { uploads: uploadsService });
  registerCopyRoutes(app, { copies: copiesService });
  registerResumableRoutes(app, {
    resumable: createResumableService({
      repos,
      uploads: uploadsService,
      access,
      dataDir: config.DATA_DIR,
      store,
      ...(deps.resumablePartials && { partials: deps.resumablePartials }),
      ...(deps.resumableLimits && { limits: deps.resumableLimits }),
      reserveBytes,
      now,
    }),
    appHost: config.APP_HOST,
  });
  registerFileRoutes(app, { files: filesService });
  registerDocumentRoutes(app, {
    documents: createDocumentsService({
      repos,
      access,
      files: filesService,
      links: createMediaLinks(signer),
    }),
  });
  registerChangeRoutes(app, { changes: changesService, draining });
  registerCommentRoutes(app, {
    comments: createCommentsService({
      repos,
      access,
      changeWriter,
      throttle: createThrottle(repos.throttle, now),
      links: createMediaLinks(signer),
      now,
    }),
  });
  registerTrashRoutes(app, {
    trash: createTrashService({
      repos,
      access,
      transact,
      store,
      links: createMediaLinks(signer),
      log: app.log,
    }),
    albums: createTrashAlbumsService({
      repos,
      access,
      changeWriter,
      transact,
      store,
      links: createMediaLinks(signer),
      baseQuotaBytes: config.BASE_QUOTA_BYTES,
      now,
      log: app.log,
    }),
  });
  registerArchiveRoutes(app, {
    archives: createArchivesService({
      repos,
      access,
      store,
      signer,
      quotas: createQuotas(repos.throttle, now),
      now,
    }),
    meter: metrics.archives,
  });
  registerShareRoutes(app, {
    shares: createSharesService({
      repos,
      access,
      changeWriter,
      links: createMediaLinks(signer),
      bus,
      now,
    }),
  });
  registerMyLinksRoutes(app, {
    myLinks: createMyLinksService({ repos, access, links: createMediaLinks(signer), now }),
  });
  registerPublishRoute(app, {
    publish: createPublishService({
      repos,
      access,
      mailer,
      quotas: createQuotas(repos.throttle, now),
      appHost: config.APP_HOST,
      trustedOrigins: config.SIGN_IN_ORIGINS,
      log: (object, message) => {
        app.log.warn(object, message);
      },
    }),
  });
  registerMediaRoutes(app, { media: mediaService, now, meter: metrics.media });
  // Casting to a TV (issue #27, [Note: Casting]).
  registerCast(app, { repos, access, accountAccess, signer, bus, draining, now });
  registerOperatorRoutes(
    app,
    createOperatorServices({
      repos,
      transact,
      revocations,
      baseQuotaBytes: config.BASE_QUOTA_BYTES,
      freshLoginWindowS: config.FRESH_LOGIN_WINDOW_S,
      now,
      bus,
      announcements: {
        mailer,
        emailConsentIds,
        origin: (requestOrigin) => linkOrigin(config.APP_HOST, config.SIGN_IN_ORIGINS, requestOrigin),
      },
    }),
    brands,
  );
  await registerWebClient(app, path.resolve(config.WEB_DIST), { sourceMaps: config.SERVE_SOURCE_MAPS });
  return app;
}

/** The signing key as every process finds it, its notices in the app's log. */
async function resolveLogged(app: FastifyInstance, deps: Parameters<typeof resolveServerSecret>[0]) {
  const { secret, notices } = await resolveServerSecret(deps);
  for (const notice of notices) app.log[notice.level](notice.text);
  return secret;
}
