import {
  Comment,
  FileComments,
  GuestIdentity,
  JobActivity,
  type FileActivity,
  type GuestBody,
  type ReactionBody,
} from '@trove/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApi } from '../../api/api-context.tsx';
import type { HttpClient, Parser } from '../../api/http-client.ts';
import { STALE_TIME } from '../../api/query-client.ts';
import { albumCall } from '../../album-access/album-call.ts';
import { albumGuests } from '../../album-access/guest-store.ts';
import { commentKeys, refreshComments } from './keys.ts';

/*
 * The comment calls of issue #12. Every one goes through `albumCall`, so it carries the
 * album's grant (a password-protected album) and, for a guest, the guest token.
 */

/** The answers of DELETE and of the reaction calls (`{}`) are not read. */
const Ignored: Parser<unknown> = { parse: (data) => data };

const filePath = (fileId: string, rest: string) => `/files_by_id/${encodeURIComponent(fileId)}${rest}`;

const byFile = (activity: JobActivity): ReadonlyMap<string, FileActivity> =>
  new Map(activity.files.map((file) => [file.id, file]));

/**
 * GET /jobs/{id}/activity: each file's comment and love counts, by file id (files without
 * any are absent). One query per album, shared by its grid, the carousel and the panel.
 */
export function useAlbumActivity(albumId: string, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: commentKeys.activity(albumId),
    queryFn: ({ signal }) => albumCall(api, albumId, '/activity', JobActivity, { signal }),
    enabled: enabled && albumId !== '',
    staleTime: STALE_TIME.short,
    select: byFile,
  });
}

/** GET /jobs/{id}/files_by_id/{fileId}/comments: the file's comments (oldest first) and loves. */
export function useFileComments(albumId: string, fileId: string) {
  const api = useApi();
  return useQuery({
    queryKey: commentKeys.file(albumId, fileId),
    queryFn: ({ signal }) => albumCall(api, albumId, filePath(fileId, '/comments'), FileComments, { signal }),
    staleTime: STALE_TIME.short,
  });
}

/** POST /jobs/{id}/guests: a guest token for the album, stored for its later calls. */
export async function becomeGuest(api: HttpClient, albumId: string, name: string): Promise<GuestIdentity> {
  const body: GuestBody = { name };
  const identity = await albumCall(api, albumId, '/guests', GuestIdentity, { method: 'POST', body });
  albumGuests.set(albumId, identity);
  return identity;
}

/** The calls that change one file's comments and love; each answer is shown at once. */
export interface CommentCalls {
  post: (text: string) => Promise<Comment>;
  edit: (commentId: string, text: string) => Promise<Comment>;
  remove: (commentId: string) => Promise<void>;
  /** POST …/reaction (love) when `loved`, else DELETE …/reaction. */
  react: (loved: boolean) => Promise<void>;
}

/**
 * The calls on one file's comments (spec 000 §7 Comments and reactions). After each, the
 * cached list takes the answer (a refetch under way is cancelled first, so it cannot bring
 * the old list back), then the album's comments and counts are fetched again.
 */
export function useCommentCalls(albumId: string, fileId: string): CommentCalls {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMemo(() => {
    const key = commentKeys.file(albumId, fileId);
    const commentsPath = filePath(fileId, '/comments');
    const commentPath = (commentId: string) => `${commentsPath}/${encodeURIComponent(commentId)}`;
    const update = async (change: (data: FileComments) => FileComments) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<FileComments>(key, (data) => data && change(data));
      void refreshComments(queryClient, albumId);
    };
    const replace = (comment: Comment) => (data: FileComments) => ({
      ...data,
      comments: data.comments.map((old) => (old.comment_uuid === comment.comment_uuid ? comment : old)),
    });
    return {
      post: async (text) => {
        const comment = await albumCall(api, albumId, commentsPath, Comment, {
          method: 'POST',
          body: { comment: text },
        });
        await update((data) => ({
          ...data,
          comments: [...data.comments.filter((old) => old.comment_uuid !== comment.comment_uuid), comment],
          comment_count: data.comment_count + 1,
        }));
        return comment;
      },
      edit: async (commentId, text) => {
        const comment = await albumCall(api, albumId, commentPath(commentId), Comment, {
          method: 'PUT',
          body: { comment: text },
        });
        await update(replace(comment));
        return comment;
      },
      remove: async (commentId) => {
        await albumCall(api, albumId, commentPath(commentId), Ignored, { method: 'DELETE' });
        await update((data) => ({
          ...data,
          comments: data.comments.filter((old) => old.comment_uuid !== commentId),
          comment_count: Math.max(0, data.comment_count - 1),
        }));
      },
      react: async (loved) => {
        const body: ReactionBody = { reaction: 'love' };
        const reactionPath = filePath(fileId, '/reaction');
        await albumCall(
          api,
          albumId,
          reactionPath,
          Ignored,
          loved ? { method: 'POST', body } : { method: 'DELETE' },
        );
        await update((data) => ({
          ...data,
          loved,
          reactions: loved
            ? [
                ...data.reactions.filter((reaction) => !reaction.is_own),
                {
                  user: null,
                  guest_id: null,
                  author_name: '',
                  reaction: 'love',
                  timestamp: Date.now() / 1000,
                  is_own: true,
                },
              ]
            : data.reactions.filter((reaction) => !reaction.is_own),
        }));
      },
    };
  }, [api, queryClient, albumId, fileId]);
}
