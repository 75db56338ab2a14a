import { Component, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Icon } from './icons.tsx';
import { Spinner } from './Spinner.tsx';
import { ChunkLoadError } from './lazy-screen.ts';

/**
 * Where a lazily loaded screen appears (See: [Note: Lazy screens]): a spinner that shows
 * only when the chunk takes a while, and a page offering a reload when it cannot be fetched.
 * `className` styles the spinner's box, e.g. a full-screen viewer's.
 */
export function ScreenBoundary({ children, className }: { children: ReactNode; className?: string }) {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary pathname={pathname}>
      <Suspense fallback={<ScreenLoading className={className} />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

/** A spinner faded in after a delay (CSS), so a fast chunk shows no flash at all. */
function ScreenLoading({ className }: { className: string | undefined }) {
  return (
    <div className={`page-spinner screen-loading${className ? ` ${className}` : ''}`}>
      <Spinner />
    </div>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}
/** The error caught, and the route it was caught on (undefined until the next render). */
type BoundaryState = { failure: null } | { failure: { error: unknown; pathname: string | undefined } };

/**
 * Shows the reload page for a {@link ChunkLoadError} below it and passes any other error
 * on up. Another route clears it: a different screen may load fine.
 */
class ChunkErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failure: { error, pathname: undefined } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    const { failure } = state;
    if (failure === null) return null;
    if (failure.pathname === undefined) return { failure: { ...failure, pathname: props.pathname } };
    return failure.pathname === props.pathname ? null : { failure: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof ChunkLoadError)
      console.warn('a screen could not be loaded', error, info.componentStack);
  }

  override render() {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    if (failure.error instanceof ChunkLoadError) return <ChunkFailedPage />;
    throw failure.error;
  }
}

/** A screen's code is missing, most often after an update of the server: a reload fetches the new build. */
function ChunkFailedPage() {
  const intl = useIntl();
  return (
    <section className="message-page" role="alert">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'chunk.failedTitle' })}</h1>
      <p>{intl.formatMessage({ id: 'chunk.failedText' })}</p>
      <button
        type="button"
        className="btn btn--primary"
        onClick={() => {
          window.location.reload();
        }}
      >
        {intl.formatMessage({ id: 'chunk.reload' })}
      </button>
    </section>
  );
}
