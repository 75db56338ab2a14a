import { Spinner } from './Spinner.tsx';

/** A spinner centred in the page, while a screen's data loads. */
export function PageSpinner() {
  return (
    <div className="page-spinner">
      <Spinner />
    </div>
  );
}
