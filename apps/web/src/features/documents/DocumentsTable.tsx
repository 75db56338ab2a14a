import type { RemoteFile } from '@trove/contract';
import { memo, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { DocumentIcon } from '../../ui/DocumentIcon.tsx';
import { isSelected, monthState, type Selection, type SelectionActions } from '../selection/index.ts';
import { documentLink, fileTypeLabel, type DocumentGroup } from './model.ts';

/**
 * The documents list of spec 000 §2: one table whose columns are the filename, the file type
 * and the uploaded date (hidden on a phone, documents.css), its rows grouped under a
 * year-month header row each, with a checkbox per row and one per month.
 */
export function DocumentsTable({
  groups,
  selection,
}: {
  groups: readonly DocumentGroup[];
  selection: Selection;
}) {
  const intl = useIntl();
  return (
    <table className="documents-table">
      <thead>
        <tr>
          <th scope="col" className="documents-table__check">
            <span className="visually-hidden">{intl.formatMessage({ id: 'documents.column.select' })}</span>
          </th>
          <th scope="col">{intl.formatMessage({ id: 'documents.column.name' })}</th>
          <th scope="col" className="documents-table__type">
            {intl.formatMessage({ id: 'documents.column.type' })}
          </th>
          <th scope="col" className="documents-table__date">
            {intl.formatMessage({ id: 'documents.column.uploaded' })}
          </th>
        </tr>
      </thead>
      {groups.map((group) => (
        <GroupRows key={group.key} group={group} selection={selection} />
      ))}
    </table>
  );
}

/** A month's header row, with its select-all checkbox, and the month's documents. */
function GroupRows({ group, selection }: { group: DocumentGroup; selection: Selection }) {
  const intl = useIntl();
  const { state, actions } = selection;
  const name = intl.formatDate(new Date(group.year, group.month - 1, 1), { year: 'numeric', month: 'long' });
  const groupState = monthState(state, group.key);
  const check = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Only a script can set a checkbox's mixed state.
    if (check.current) check.current.indeterminate = groupState === 'some';
  }, [groupState]);
  return (
    <tbody>
      <tr className="documents-table__group">
        <td className="documents-table__check">
          <input
            ref={check}
            type="checkbox"
            checked={groupState === 'all-selected'}
            aria-label={intl.formatMessage({ id: 'documents.selectGroup' }, { name })}
            onChange={() => {
              if (groupState === 'all-selected') actions.deselectMonth(group.key);
              else actions.selectMonth(group.key);
            }}
          />
        </td>
        <td colSpan={2}>
          <h2 className="documents-table__month">{name}</h2>
        </td>
        {/* Each row has its date cell: the phone's hidden column takes one cell from every row. */}
        <td className="documents-table__date" />
      </tr>
      {group.files.map((file) => (
        <DocumentRow
          key={file.id}
          file={file}
          month={group.key}
          isSelected={isSelected(state, file.id, group.key)}
          actions={actions}
        />
      ))}
    </tbody>
  );
}

/**
 * One document. Its checkbox selects it (Space, or a click; with Shift held a click selects
 * the range from the last one clicked, spec 000 §4 Selection), and so does a click anywhere
 * on the row but its name, which opens it (issue #23).
 */
const DocumentRow = memo(function DocumentRow({
  file,
  month,
  isSelected,
  actions,
}: {
  file: RemoteFile;
  month: number;
  isSelected: boolean;
  actions: SelectionActions;
}) {
  const intl = useIntl();
  const uploaded = new Date(file.uploaded * 1000);
  return (
    <tr
      className={`documents-row${isSelected ? ' documents-row--selected' : ''}`}
      onClick={(event) => {
        actions.click(file.id, event.shiftKey, month);
      }}
    >
      <td className="documents-table__check">
        <input
          type="checkbox"
          checked={isSelected}
          aria-label={intl.formatMessage({ id: 'documents.select' }, { name: file.name })}
          onClick={(event) => {
            // The row's click must not toggle it back.
            event.stopPropagation();
            actions.click(file.id, event.shiftKey, month);
          }}
          // The click above toggles it: only a click knows whether Shift is held.
          onChange={() => undefined}
        />
      </td>
      <td className="documents-table__name">
        <span className="documents-table__file">
          <DocumentIcon size={20} />
          <DocumentName file={file} />
        </span>
      </td>
      <td className="documents-table__type">{fileTypeLabel(file.name)}</td>
      <td className="documents-table__date">
        <time dateTime={uploaded.toISOString()}>{intl.formatDate(uploaded, { dateStyle: 'medium' })}</time>
      </td>
    </tr>
  );
});

/** The document's name as a link: a PDF or an image opens in a new tab, anything else downloads. */
function DocumentName({ file }: { file: RemoteFile }) {
  const api = useApi();
  const { href, opensInline } = documentLink(api.directory.app, file);
  return (
    <a
      className="documents-table__filename"
      title={file.name}
      href={href}
      {...(opensInline ? { target: '_blank', rel: 'noopener noreferrer' } : { download: file.name })}
      onClick={(event) => {
        // Opening is not selecting: the row's click must not see it.
        event.stopPropagation();
      }}
    >
      {file.name}
    </a>
  );
}
