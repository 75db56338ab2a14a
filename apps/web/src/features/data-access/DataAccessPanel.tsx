import type { PreparedDataExport } from '@trove/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useApi } from '../../api/api-context.tsx';
import { HttpError } from '../../api/http-error.ts';
import { sizeText } from '../../lib/size.ts';
import { QueryError } from '../../ui/QueryError.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { clickDownloadLink } from '../file-actions/index.ts';
import { useDataAccessAvailability, useRequestDataExport } from './api.ts';
import './data-access.css';
import { viewOf, type RequestState } from './model.ts';

/**
 * The data access section of the privacy page (spec 001 §2 "request data access", §4 data
 * access cooldown and privacy request status, §7 request_data_access; issue #24): asks for a
 * copy of everything the account holds and hands its signed URL to the browser, which
 * downloads the zip natively (its own progress, resumable). Within the cooldown it says when
 * the next copy may be asked for, and offers the last one again while the server keeps it.
 */
export function DataAccessPanel() {
  const intl = useIntl();
  const api = useApi();
  const availability = useDataAccessAvailability();
  const request = useRequestDataExport();
  const [state, setState] = useState<RequestState>({ status: 'idle' });
  // When the answer came, not when this renders: the view changes with answers, not with time.
  const view = viewOf(availability.data, state, availability.dataUpdatedAt);

  const dateTime = (ms: number) => intl.formatDate(ms, { dateStyle: 'medium', timeStyle: 'short' });
  const size = (bytes: number) =>
    sizeText(intl, bytes, (count) => intl.formatMessage({ id: 'dataAccess.bytes' }, { count }));

  const start = () => {
    setState({ status: 'pending' });
    request.mutate(undefined, {
      onSuccess: (prepared: PreparedDataExport) => {
        clickDownloadLink(`${api.directory.app}${prepared.url}`, prepared.file_name);
        setState({ status: 'started', prepared });
      },
      onError: (error) => {
        setState({ status: 'failed', code: error instanceof HttpError ? error.code : null });
      },
    });
  };

  const requestButton = (label: 'dataAccess.request' | 'dataAccess.downloadAgain' | 'common.tryAgain') => (
    <button type="button" className="btn btn--primary data-access__button" onClick={start}>
      {intl.formatMessage({ id: label })}
    </button>
  );

  let body;
  switch (view.kind) {
    case 'loading':
      body = availability.isError ? (
        <QueryError error={availability.error} onRetry={() => void availability.refetch()} />
      ) : (
        <Spinner />
      );
      break;
    case 'available':
      body = requestButton('dataAccess.request');
      break;
    case 'preparing':
      body = (
        <div className="data-access__status" role="status">
          <Spinner />
          {intl.formatMessage({ id: 'dataAccess.preparing' })}
        </div>
      );
      break;
    case 'downloading':
      body = (
        <>
          <p className="notice notice--info data-access__notice" role="status">
            {intl.formatMessage(
              { id: 'dataAccess.started' },
              {
                size: size(view.prepared.size),
                count: view.prepared.count,
                until: dateTime(view.prepared.expires_at),
              },
            )}
          </p>
          {requestButton('dataAccess.downloadAgain')}
        </>
      );
      break;
    case 'cooldown':
      body = (
        <>
          <div className="notice notice--info data-access__notice" role="status">
            <strong>{intl.formatMessage({ id: 'dataAccess.cooldownTitle' })}</strong>
            <span>
              {intl.formatMessage(
                { id: 'dataAccess.cooldown' },
                { hours: view.hours, when: dateTime(view.nextAt) },
              )}
            </span>
          </div>
          {view.current && (
            <>
              <p className="muted">
                {intl.formatMessage(
                  { id: 'dataAccess.current' },
                  {
                    requested: dateTime(view.current.created_at),
                    size: size(view.current.size),
                    until: dateTime(view.current.expires_at),
                  },
                )}
              </p>
              {requestButton('dataAccess.downloadAgain')}
            </>
          )}
        </>
      );
      break;
    case 'failed':
      body = (
        <>
          <p className="form-error" role="alert">
            {intl.formatMessage({ id: 'dataAccess.failed' })}
          </p>
          {requestButton('common.tryAgain')}
        </>
      );
      break;
  }

  return (
    <section
      className="card data-access"
      aria-labelledby="data-access-title"
      aria-busy={view.kind === 'preparing'}
    >
      <h2 id="data-access-title" className="card__title">
        {intl.formatMessage({ id: 'dataAccess.title' })}
      </h2>
      <p className="muted">{intl.formatMessage({ id: 'dataAccess.intro' })}</p>
      {body}
    </section>
  );
}
