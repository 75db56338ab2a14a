import { useIntl } from 'react-intl';

/** An indeterminate progress indicator announced as "Loading". */
export function Spinner({ size = 32 }: { size?: number }) {
  const intl = useIntl();
  return (
    <div className="spinner-wrap" role="status">
      <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />
      <span className="visually-hidden">{intl.formatMessage({ id: 'common.loading' })}</span>
    </div>
  );
}
