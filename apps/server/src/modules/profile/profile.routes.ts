import type { FastifyInstance } from 'fastify';
import type { Readable } from 'node:stream';
import {
  APP_BASE_PATH,
  AccountAttributeBody,
  AccountAttributeQuery,
  PROFILE_PICTURE_MAX_BYTES,
} from '@trove/contract';
import { z } from 'zod/mini';
import { FileTooLargeError, ValidationError, parseInput } from '../../errors.ts';
import { signedInCaller } from '../../http/auth.ts';
import { multipartParts } from '../../http/multipart.ts';
import { MEDIA_CSP } from '../media/media.routes.ts';
import { TOO_LARGE_MESSAGE } from './profile-image.ts';
import type { ProfileService } from './profile.service.ts';

// spec 001 §7 "POST /st/4/profile/picture?path=profile.jpg": the name is the client's, kept
// for the call's shape only (the server names nothing after it).
const PictureUploadQuery = z.looseObject({ path: z.optional(z.string().check(z.maxLength(255))) });
// Taken as text: the signer accepts only the canonical spelling of exp (see [Note: Media URLs]).
const PictureQuery = z.object({
  user: z.string().check(z.minLength(1), z.maxLength(100)),
  v: z.string().check(z.minLength(1), z.maxLength(12)),
  job: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  exp: z.string().check(z.minLength(1), z.maxLength(20)),
  sid: z.string().check(z.minLength(1), z.maxLength(120)),
  sig: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** Reads a file part whole, refusing past `limit` bytes; the rest of the part is drained. */
async function readLimited(file: Readable, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      file.resume();
      throw new FileTooLargeError(TOO_LARGE_MESSAGE);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The profile (spec 001 §7): POST /st/4/profile/picture (multipart, 201) and its DELETE; the
 * signed GET that serves the picture ([Note: Profile pictures]); POST, GET and DELETE
 * /account_attribute with the key in `account_attribute_key` and the value in the body.
 */
export function registerProfileRoutes(app: FastifyInstance, deps: { profile: ProfileService }): void {
  const userRoute = { config: { auth: 'user' as const } };
  const signedRoute = { config: { auth: 'signed' as const } };

  app.post(`${APP_BASE_PATH}/profile/picture`, userRoute, async (request, reply) => {
    const caller = signedInCaller(request);
    parseInput(PictureUploadQuery, request.query);
    if (!request.isMultipart()) throw new ValidationError('Expected a multipart body with a file part');
    let bytes: Buffer | undefined;
    for await (const part of multipartParts(request)) {
      if (part.type === 'field') continue;
      if (bytes !== undefined || part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      bytes = await readLimited(part.file, PROFILE_PICTURE_MAX_BYTES);
    }
    if (bytes === undefined) throw new ValidationError('The multipart body has no file part');
    const result = await deps.profile.setPicture(caller, bytes);
    return reply.status(201).send(result);
  });

  app.delete(`${APP_BASE_PATH}/profile/picture`, userRoute, async (request) =>
    deps.profile.deletePicture(signedInCaller(request)),
  );

  app.get(`${APP_BASE_PATH}/profile/picture`, signedRoute, async (request, reply) => {
    const query = parseInput(PictureQuery, request.query);
    const picture = await deps.profile.openPicture(query);
    reply
      .header('etag', picture.etag)
      // The URL names the version: its bytes never change, for as long as it serves.
      .header('cache-control', 'private, max-age=3600')
      .header('content-security-policy', MEDIA_CSP);
    if (request.headers['if-none-match'] === picture.etag) return reply.status(304).send();
    return reply
      .type('image/jpeg')
      .header('content-length', String(picture.size))
      .send(await picture.open());
  });

  app.get(`${APP_BASE_PATH}/account_attribute`, userRoute, async (request) => {
    const caller = signedInCaller(request);
    const { account_attribute_key: key } = parseInput(AccountAttributeQuery, request.query);
    return deps.profile.getAttribute(caller, key);
  });

  app.post(`${APP_BASE_PATH}/account_attribute`, userRoute, async (request) => {
    const caller = signedInCaller(request);
    const { account_attribute_key: key } = parseInput(AccountAttributeQuery, request.query);
    const { value } = parseInput(AccountAttributeBody, request.body);
    return deps.profile.setAttribute(caller, key, value);
  });

  app.delete(`${APP_BASE_PATH}/account_attribute`, userRoute, async (request) => {
    const caller = signedInCaller(request);
    const { account_attribute_key: key } = parseInput(AccountAttributeQuery, request.query);
    return deps.profile.deleteAttribute(caller, key);
  });
}
