import '../../styles/activity-badge.css';
import type { FileActivity } from '@trove/contract';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { CommentIcon, commentsPath, type CommentsLinkState } from '../comments/index.ts';

/** "3 comments and 1 love": what a badge says to assistive tech (the counts above 0). */
function countsText(intl: IntlShape, activity: FileActivity): string {
  const parts: string[] = [];
  if (activity.comment_count > 0)
    parts.push(intl.formatMessage({ id: 'albums.activity.comments' }, { count: activity.comment_count }));
  if (activity.love_count > 0)
    parts.push(intl.formatMessage({ id: 'albums.activity.loves' }, { count: activity.love_count }));
  return intl.formatList(parts, { type: 'conjunction' });
}

/** Whether a file has anything to show a badge for. */
export function hasActivity(activity: FileActivity | undefined): activity is FileActivity {
  return activity !== undefined && (activity.comment_count > 0 || activity.love_count > 0);
}

/** The counts themselves: a speech bubble and a heart, each with its number when above 0. */
function Counts({ activity }: { activity: FileActivity }) {
  const intl = useIntl();
  const number = (value: number) => intl.formatNumber(value, { notation: 'compact' });
  return (
    <>
      {activity.comment_count > 0 && (
        <span className="activity-badge__count">
          <CommentIcon name="comment" size={14} />
          {number(activity.comment_count)}
        </span>
      )}
      {activity.love_count > 0 && (
        <span className="activity-badge__count">
          <CommentIcon name={activity.loved ? 'heart' : 'heartOutline'} size={14} />
          {number(activity.love_count)}
        </span>
      )}
    </>
  );
}

/**
 * What a link to a file's comments says: "Comments on lake.jpg (2 comments and 1 love)", or
 * "Comments on lake.jpg" when it has neither.
 */
export function commentsLinkLabel(intl: IntlShape, name: string, activity: FileActivity | undefined): string {
  return hasActivity(activity)
    ? intl.formatMessage({ id: 'albums.activity.link' }, { name, counts: countsText(intl, activity) })
    : intl.formatMessage({ id: 'albums.activity.open' }, { name });
}

/**
 * A tile's comment and love counts (issue #12) as a link to the file's comment panel
 * (spec 000 §2 /comments/{albumId}/{fileId}); a sibling of the tile's own link, which opens
 * the carousel. Nothing when the file has neither.
 */
export function ActivityBadgeLink(props: {
  albumId: string;
  fileId: string;
  name: string;
  activity?: FileActivity | undefined;
}) {
  const intl = useIntl();
  const { activity } = props;
  if (!hasActivity(activity)) return null;
  const state: CommentsLinkState = { fromAlbum: true };
  return (
    <Link
      className="activity-badge activity-badge--link"
      to={commentsPath(props.albumId, props.fileId)}
      state={state}
      aria-label={commentsLinkLabel(intl, props.name, activity)}
      data-testid="file-activity-badge"
    >
      <Counts activity={activity} />
    </Link>
  );
}

/** The counts inside a link that already leads to the comments and names them (a visitor's tile). */
export function ActivityBadge({ activity }: { activity?: FileActivity | undefined }) {
  if (!hasActivity(activity)) return null;
  return (
    <span className="activity-badge" aria-hidden="true" data-testid="file-activity-badge">
      <Counts activity={activity} />
    </span>
  );
}
