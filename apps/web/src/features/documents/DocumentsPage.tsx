import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { DocumentIcon } from '../../ui/DocumentIcon.tsx';
import { Icon } from '../../ui/icons.tsx';
import { PageSpinner } from '../../ui/PageSpinner.tsx';
import { QueryError } from '../../ui/QueryError.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useTimelineJob } from '../library/api.ts';
import { useDocumentsQuery } from './api.ts';
import { DocumentsSelectionBar } from './DocumentsSelectionBar.tsx';
import { DocumentsTable } from './DocumentsTable.tsx';
import { groupDocuments } from './model.ts';
import { UploadDocumentsButton } from './UploadDocumentsButton.tsx';
import { useGroupSelection, useRefreshOnUploads } from './use-document-list.ts';
import { DocumentDrops } from './use-document-uploads.tsx';
import './documents.css';

/**
 * Route /documents (spec 000 §2 Documents): back to settings, the heading, the documents of
 * the timeline job grouped by the month they were uploaded in, with their type and upload
 * date; an empty state; selecting shows a toolbar with download and delete (§4). Documents
 * are uploaded from here; the timeline's uploader refuses them (§5).
 */
export function DocumentsPage() {
  const intl = useIntl();
  const job = useTimelineJob();
  const jobId = job.data?.id;
  const query = useDocumentsQuery(jobId);
  useRefreshOnUploads(jobId);
  const files = query.data?.files;
  const groups = useMemo(() => groupDocuments(files ?? []), [files]);
  const byId = useMemo(() => new Map((files ?? []).map((file) => [file.id, file])), [files]);
  const selection = useGroupSelection(groups);
  const title = intl.formatMessage({ id: 'documents.title' });
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  const [deletes, setDeletes] = useState(0);
  const countDelete = useCallback(() => {
    setDeletes((count) => count + 1);
  }, []);
  // After a delete the dialog hands focus back to the bar's button, gone with the bar: the
  // heading takes it. An effect, so it runs after the dialog's own cleanup (useFocusTrap).
  useEffect(() => {
    if (deletes > 0) heading.current?.focus();
  }, [deletes]);

  if (job.isError) return <QueryError error={job.error} onRetry={() => void job.refetch()} />;
  if (query.isError && !query.data)
    return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  let body: ReactNode;
  if (jobId === undefined || !files) body = <PageSpinner />;
  else if (files.length === 0) body = <EmptyDocuments jobId={jobId} />;
  else {
    body = (
      <>
        <p className="documents-page__count muted" role="status">
          {intl.formatMessage({ id: 'documents.count' }, { count: files.length })}
        </p>
        <DocumentsTable groups={groups} selection={selection} />
      </>
    );
  }
  return (
    <section className="page documents-page">
      <Link to="/settings" className="back-link">
        <Icon name="arrowBack" size={20} />
        {intl.formatMessage({ id: 'documents.back' })}
      </Link>
      <header className="documents-header">
        <h1 ref={heading} className="page__title" tabIndex={-1}>
          {title}
        </h1>
        {jobId !== undefined && files && files.length > 0 && (
          <UploadDocumentsButton jobId={jobId} className="btn btn--primary" />
        )}
      </header>
      {body}
      {jobId !== undefined && <DocumentDrops jobId={jobId} />}
      {/* Mounted while the list empties: the last delete's toast and its Undo outlive the rows. */}
      {jobId !== undefined && (
        <DocumentsSelectionBar jobId={jobId} selection={selection} byId={byId} onDeleted={countDelete} />
      )}
    </section>
  );
}

/** spec 000 §2: the empty state, which offers the upload. */
function EmptyDocuments({ jobId }: { jobId: string }) {
  const intl = useIntl();
  return (
    <section className="empty-state">
      <div className="empty-state__icon">
        <DocumentIcon size={48} />
      </div>
      <h2 className="empty-state__title">{intl.formatMessage({ id: 'documents.emptyTitle' })}</h2>
      <p className="empty-state__text">{intl.formatMessage({ id: 'documents.emptyText' })}</p>
      <UploadDocumentsButton jobId={jobId} className="btn btn--primary btn--large" />
    </section>
  );
}
