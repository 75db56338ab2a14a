import { useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/messages.ts';
import { Icon } from '../../ui/icons.tsx';
import { isSelecting, monthState, statusOf, type Selection } from '../selection/index.ts';
import type { TrashGroup, TrashGroupKind } from './model.ts';
import { TrashTile } from './TrashTile.tsx';

/** spec 000 §4 group headings: 'deleted today', 'removed soon', 'permanently deleted soon'. */
const HEADINGS: Record<TrashGroupKind, MessageId> = {
  today: 'trash.group.today',
  soon: 'trash.group.soon',
  later: 'trash.group.later',
};

/**
 * One group of the trash photos list: the files with the same days remaining under their
 * heading (spec 000 §4), with a circle that selects or deselects the whole group.
 */
export function TrashGroupSection({
  group,
  selection,
  failed,
}: {
  group: TrashGroup;
  selection: Selection;
  failed: ReadonlyMap<string, string>;
}) {
  const intl = useIntl();
  const { state, actions } = selection;
  const heading = intl.formatMessage({ id: HEADINGS[group.kind] }, { count: group.days });
  const groupState = monthState(state, group.days);
  const headingId = `trash-group-${String(group.days)}`;
  const selecting = isSelecting(state);
  return (
    <section className={`trash-group trash-group--${group.kind}`} aria-labelledby={headingId}>
      <div className="trash-group__header">
        <button
          type="button"
          role="checkbox"
          className={`group-check group-check--${groupState}`}
          aria-checked={groupState === 'all-selected' ? true : groupState === 'some' ? 'mixed' : false}
          aria-label={intl.formatMessage({ id: 'trash.selectGroup' }, { name: heading })}
          onClick={() => {
            if (groupState === 'all-selected') actions.deselectMonth(group.days);
            else actions.selectMonth(group.days);
          }}
        >
          <span className="group-check__circle">
            {groupState !== 'none-selected' && <Icon name="check" size={14} />}
          </span>
        </button>
        <h2 id={headingId} className="trash-group__title">
          {heading}
        </h2>
      </div>
      <ul className="trash-grid">
        {group.files.map((file) => (
          <TrashTile
            key={file.id}
            file={file}
            group={group.days}
            status={statusOf(state, file.id, group.days)}
            isSelecting={selecting}
            failure={failed.get(file.id)}
            actions={actions}
          />
        ))}
      </ul>
    </section>
  );
}
