import { BASE_QUOTA_BYTES, bytesToGb, grantsForDisplay, type Grant, type MergedGrant } from '@trove/contract';
import { useIntl } from 'react-intl';
import { dateText, gbText, type ShownGrant, shownGrants, sourceText } from './texts.ts';

/**
 * The storage sources (spec 001 §2 "usage bar and storage sources", §3 storage-source kinds):
 * the free base quota, then each grant as the contract lists them (grantsForDisplay: merged
 * per source, large b2b grants apart), with when it renews or expires.
 */
export function StorageSources({ grants }: { grants: readonly Grant[] }) {
  const intl = useIntl();
  const { listed, apart } = grantsForDisplay(shownGrants(grants));
  return (
    <section className="card" aria-labelledby="storage-sources">
      <h2 id="storage-sources" className="card__title">
        {intl.formatMessage({ id: 'storage.sources' })}
      </h2>
      <ul className="source-list">
        <li className="source-row">
          <span className="source-row__name">{intl.formatMessage({ id: 'storage.source.product' })}</span>
          <span className="source-row__size">{gbText(intl, bytesToGb(BASE_QUOTA_BYTES))}</span>
        </li>
        {listed.map((grant, index) => (
          <SourceRow
            key={'grant' in grant ? grant.grant.id : `${grant.source}-${String(index)}`}
            grant={grant}
          />
        ))}
      </ul>
      {apart.length > 0 && (
        <>
          <h3 className="card__subtitle">{intl.formatMessage({ id: 'storage.source.businessCustomer' })}</h3>
          <ul className="source-list">
            {apart.map((grant) => (
              <SourceRow key={grant.grant.id} grant={grant} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function SourceRow({ grant }: { grant: ShownGrant | MergedGrant }) {
  const intl = useIntl();
  let when: string | null = null;
  if (grant.renews_at !== null)
    when = intl.formatMessage({ id: 'storage.renewsOn' }, { date: dateText(intl, grant.renews_at) });
  else if (grant.expires_at !== null)
    when = intl.formatMessage({ id: 'storage.expiresOn' }, { date: dateText(intl, grant.expires_at) });
  return (
    <li className="source-row">
      <span className="source-row__name">{sourceText(intl, grant.source)}</span>
      <span className="source-row__size">{gbText(intl, grant.size_gb)}</span>
      {when !== null && <span className="muted source-row__when">{when}</span>}
    </li>
  );
}
