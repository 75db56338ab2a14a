import type { FastifyInstance } from 'fastify';
import {
  APP_BASE_PATH,
  AlbumPasswordBody,
  JobAttributeBody,
  JobAttributeName,
  PermissionsBody,
  PrivacyModeBody,
  RenameAlbumBody,
  SetCoverBody,
} from '@trove/contract';
import { z } from 'zod/mini';
import { parseInput } from '../../errors.ts';
import { callerOf, signedInCaller } from '../../http/auth.ts';
import type { AlbumsService } from './albums.service.ts';

const JobParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
const AttributeParams = z.extend(JobParams, { name: JobAttributeName });

/**
 * Managing albums (spec 000 §7 Jobs, issue #11): name, cover, privacy_mode, permissions,
 * attribute/sort_order, password, subscribe, unsubscribe, users, DELETE and service; the
 * copies between jobs are uploads/copies.routes.ts. Access decides in the services (see
 * [Note: Access]).
 */
export function registerAlbumRoutes(app: FastifyInstance, deps: { albums: AlbumsService }): void {
  const userRoute = { config: { auth: 'user' as const } };
  // Visitors of shared albums list its people and its services (spec 000 §6).
  const visitorRoute = { config: { auth: 'visitor' as const } };
  const job = `${APP_BASE_PATH}/jobs/:id`;
  const id = (params: unknown) => parseInput(JobParams, params).id;

  app.post(`${job}/name`, userRoute, async (request) => {
    const { name } = parseInput(RenameAlbumBody, request.body);
    return deps.albums.rename(signedInCaller(request), id(request.params), name);
  });

  app.post(`${job}/cover`, userRoute, async (request) => {
    const body = parseInput(SetCoverBody, request.body);
    return deps.albums.setCover(signedInCaller(request), id(request.params), body.id);
  });

  app.post(`${job}/privacy_mode`, userRoute, async (request) => {
    const { mode } = parseInput(PrivacyModeBody, request.body);
    return deps.albums.changePrivacy(signedInCaller(request), id(request.params), mode);
  });

  app.post(`${job}/permissions`, userRoute, async (request) => {
    const body = parseInput(PermissionsBody, request.body);
    return deps.albums.changePermissions(signedInCaller(request), id(request.params), body);
  });

  app.put(`${job}/attribute/:name`, userRoute, async (request) => {
    const params = parseInput(AttributeParams, request.params);
    const { value } = parseInput(JobAttributeBody, request.body);
    return deps.albums.changeSortOrder(signedInCaller(request), params.id, value);
  });

  app.post(`${job}/password`, userRoute, async (request) => {
    const { password } = parseInput(AlbumPasswordBody, request.body);
    return deps.albums.setPassword(signedInCaller(request), id(request.params), password);
  });

  app.post(`${job}/subscribe`, userRoute, async (request) =>
    deps.albums.subscribe(signedInCaller(request), id(request.params)),
  );

  app.post(`${job}/unsubscribe`, userRoute, async (request) =>
    deps.albums.unsubscribe(signedInCaller(request), id(request.params)),
  );

  app.get(`${job}/users`, visitorRoute, async (request) =>
    deps.albums.listMembers(callerOf(request), id(request.params)),
  );

  app.delete(job, userRoute, async (request) =>
    deps.albums.deleteAlbum(signedInCaller(request), id(request.params)),
  );

  app.get(`${job}/service`, visitorRoute, async (request) =>
    deps.albums.service(callerOf(request), id(request.params)),
  );
}
