import type { Insertable, Kysely } from 'kysely';
import type { CommentsTable, Database, JobGuestsTable } from '../../db/schema.ts';

/** A comment with its author's name as others see it. */
export interface CommentView {
  id: string;
  job_id: string;
  file_id: string;
  user_id: string | null;
  guest_id: string | null;
  author_name: string;
  text: string;
  created_at: number;
  edited_at: number | null;
}

/** A love with its author's name. */
export interface ReactionView {
  user_id: string | null;
  guest_id: string | null;
  author_name: string;
  reaction: string;
  created_at: number;
}

/** Who acts: a user or a guest of the album ([Note: Guests]). */
export type Actor = { userId: string; guestId: null } | { userId: null; guestId: string };

/** The key of an actor's one love per file. */
export const actorKey = (actor: Actor) =>
  actor.userId !== null ? `u:${actor.userId}` : `g:${actor.guestId}`;

/** Comments, loves and guests of albums (issue #12, spec 000 §3 Comment and Reaction). */
export function createCommentsRepository(db: Kysely<Database>) {
  /** Comments with the author's name: the user's account name or the guest's. */
  const commentsWithAuthor = () =>
    db
      .selectFrom('comments as c')
      .leftJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('job_guests as g', 'g.id', 'c.guest_id')
      .select((eb) => [
        'c.id',
        'c.job_id',
        'c.file_id',
        'c.user_id',
        'c.guest_id',
        eb.fn.coalesce('u.name', 'g.name', eb.val('')).as('author_name'),
        'c.text',
        'c.created_at',
        'c.edited_at',
      ]);

  return {
    async insertGuest(guest: Insertable<JobGuestsTable>): Promise<void> {
      await db.insertInto('job_guests').values(guest).execute();
    },

    async insertComment(comment: Insertable<CommentsTable>): Promise<void> {
      await db.insertInto('comments').values(comment).execute();
    },

    async findComment(jobId: string, fileId: string, commentId: string): Promise<CommentView | undefined> {
      const row = await commentsWithAuthor()
        .where('c.job_id', '=', jobId)
        .where('c.file_id', '=', fileId)
        .where('c.id', '=', commentId)
        .executeTakeFirst();
      return row && toView(row);
    },

    /** Sets a comment's text; false when it is gone (deleted meanwhile). */
    async updateComment(id: string, text: string, editedAt: number): Promise<boolean> {
      const result = await db
        .updateTable('comments')
        .set({ text, edited_at: editedAt })
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Removes a comment; false when it was already gone. */
    async deleteComment(id: string): Promise<boolean> {
      const result = await db.deleteFrom('comments').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The newest `limit` comments of a file, oldest first, and how many it has. */
    async listComments(jobId: string, fileId: string, limit: number) {
      const [rows, total] = await Promise.all([
        commentsWithAuthor()
          .where('c.job_id', '=', jobId)
          .where('c.file_id', '=', fileId)
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc')
          .limit(limit)
          .execute(),
        db
          .selectFrom('comments')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('job_id', '=', jobId)
          .where('file_id', '=', fileId)
          .executeTakeFirst(),
      ]);
      return { comments: rows.map(toView).reverse(), total: Number(total?.n ?? 0) };
    },

    /** A file's loves, oldest first, with their authors' names. */
    async listReactions(jobId: string, fileId: string): Promise<ReactionView[]> {
      const rows = await db
        .selectFrom('reactions as r')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .leftJoin('job_guests as g', 'g.id', 'r.guest_id')
        .select((eb) => [
          'r.user_id',
          'r.guest_id',
          eb.fn.coalesce('u.name', 'g.name', eb.val('')).as('author_name'),
          'r.reaction',
          'r.created_at',
        ])
        .where('r.job_id', '=', jobId)
        .where('r.file_id', '=', fileId)
        .orderBy('r.created_at')
        .orderBy('r.actor')
        .execute();
      return rows;
    },

    /** Adds the actor's love; false when they already loved the file (nothing changes). */
    async love(row: { jobId: string; fileId: string; actor: Actor; at: number }): Promise<boolean> {
      const result = await db
        .insertInto('reactions')
        .values({
          job_id: row.jobId,
          file_id: row.fileId,
          actor: actorKey(row.actor),
          user_id: row.actor.userId,
          guest_id: row.actor.guestId,
          reaction: 'love',
          created_at: row.at,
        })
        .onConflict((oc) => oc.columns(['file_id', 'actor']).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    /** Takes the actor's love back; false when there was none. */
    async unlove(jobId: string, fileId: string, actor: Actor): Promise<boolean> {
      const result = await db
        .deleteFrom('reactions')
        .where('job_id', '=', jobId)
        .where('file_id', '=', fileId)
        .where('actor', '=', actorKey(actor))
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /**
     * Per active file of the job with comments or loves: their counts and whether `actor`
     * loves it. Counted from the rows every time, so concurrent posts never skew them.
     */
    async activity(jobId: string, actor: Actor | null) {
      const [comments, loves] = await Promise.all([
        db
          .selectFrom('comments as c')
          .innerJoin('files as f', 'f.id', 'c.file_id')
          .select((eb) => ['c.file_id', eb.fn.countAll<number | string>().as('n')])
          .where('c.job_id', '=', jobId)
          .where('f.state', '=', 'active')
          .groupBy('c.file_id')
          .execute(),
        db
          .selectFrom('reactions as r')
          .innerJoin('files as f', 'f.id', 'r.file_id')
          .select((eb) => [
            'r.file_id',
            eb.fn.countAll<number | string>().as('n'),
            eb.fn
              .max(
                eb
                  .case()
                  .when('r.actor', '=', actor ? actorKey(actor) : '')
                  .then(1)
                  .else(0)
                  .end(),
              )
              .as('mine'),
          ])
          .where('r.job_id', '=', jobId)
          .where('f.state', '=', 'active')
          .groupBy('r.file_id')
          .execute(),
      ]);
      const byFile = new Map<string, { comment_count: number; love_count: number; loved: boolean }>();
      const entry = (id: string) => {
        const found = byFile.get(id) ?? { comment_count: 0, love_count: 0, loved: false };
        byFile.set(id, found);
        return found;
      };
      for (const row of comments) entry(row.file_id).comment_count = Number(row.n);
      for (const row of loves) {
        const one = entry(row.file_id);
        one.love_count = Number(row.n);
        one.loved = row.mine === 1;
      }
      return [...byFile].map(([id, counts]) => ({ id, ...counts }));
    },
  };
}
export type CommentsRepository = ReturnType<typeof createCommentsRepository>;

function toView(row: {
  id: string;
  job_id: string;
  file_id: string;
  user_id: string | null;
  guest_id: string | null;
  author_name: string | null;
  text: string;
  created_at: number;
  edited_at: number | string | null;
}): CommentView {
  return {
    ...row,
    author_name: row.author_name ?? '',
    edited_at: row.edited_at === null ? null : Number(row.edited_at),
  };
}
