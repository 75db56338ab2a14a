/*
 * What the album screens need of comments (issue #12; See: [Note: Feature faces]): the keys
 * and paths of an album's comments, and their icon. The comment calls are api.ts, the panel
 * and the page lazy.ts.
 */
export {
  commentKeys,
  commentsPath,
  hasCommentChanges,
  refreshComments,
  type CommentsLinkState,
} from './keys.ts';
export { CommentIcon } from './comment-icons.tsx';
