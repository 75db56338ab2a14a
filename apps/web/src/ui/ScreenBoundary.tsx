import { Component, createContext, Suspense, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { Icon } from './icons.tsx';
import { Spinner } from './Spinner.tsx';
import { useToasts } from './toasts.tsx';
import { ChunkLoadError } from './lazy-screen.ts';

/** Sends an app crash to the server (spec 001 §8); the app provides it once it has a client. */
export type CrashReporter = (error: unknown, componentStack: string) => void;
/** The reporter of the booted app; none before it (a crash then is only logged). */
export const CrashReportContext = createContext<CrashReporter | undefined>(undefined);

/**
 * Where a lazily loaded screen appears (See: [Note: Lazy screens]): a spinner that shows
 * only when the chunk takes a while, a page offering a reload when it cannot be fetched,
 * and the generic crash page (reported) when the screen throws while rendering: the page
 * frame stays. `className` styles the spinner's box, e.g. a full-screen viewer's.
 */
export function ScreenBoundary({ children, className }: { children: ReactNode; className?: string }) {
  const { pathname } = useLocation();
  return (
    <ChunkErrorBoundary resetKey={pathname} fallback={<ChunkFailedPage />} crashFallback={<CrashPage />}>
      <Suspense fallback={<ScreenLoading className={className} />}>{children}</Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * Where a lazily loaded part of a screen appears (a panel, a menu): nothing while its chunk
 * loads, and an error toast offering a reload when it cannot be fetched.
 */
export function PartBoundary({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary fallback={<ChunkFailedToast />}>
      <Suspense fallback={null}>{children}</Suspense>
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

/**
 * The last line of defence (spec 001 §8 "App crash shows fallback and is reported"): a crash
 * no screen caught shows the generic text with a Reload button, and is reported.
 */
export function AppCrashBoundary({ children }: { children: ReactNode }) {
  return (
    <ChunkErrorBoundary fallback={<ChunkFailedPage />} crashFallback={<CrashPage />}>
      {children}
    </ChunkErrorBoundary>
  );
}

interface BoundaryProps {
  /** A new key (the route) clears the failure: a different screen may load fine. */
  resetKey?: string;
  fallback: ReactNode;
  /** Shown for any other error, which is reported; without it, the error passes on up. */
  crashFallback?: ReactNode;
  children: ReactNode;
}
/** The error caught, and the reset key it was caught at (undefined until the next render). */
type BoundaryState = { failure: null } | { failure: { error: unknown; key: string | undefined } };

/**
 * Shows `fallback` for a {@link ChunkLoadError} below it, and `crashFallback` (reporting the
 * crash) for any other error, or passes it on up when there is none.
 */
class ChunkErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  static override contextType = CrashReportContext;
  declare context: CrashReporter | undefined;
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failure: { error, key: undefined } };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): BoundaryState | null {
    const { failure } = state;
    if (failure === null) return null;
    if (failure.key === undefined) return { failure: { ...failure, key: props.resetKey ?? '' } };
    return failure.key === (props.resetKey ?? '') ? null : { failure: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof ChunkLoadError)
      console.warn('a screen could not be loaded', error, info.componentStack);
    else if (this.props.crashFallback !== undefined) this.context?.(error, info.componentStack ?? '');
  }

  override render() {
    const { failure } = this.state;
    if (failure === null) return this.props.children;
    if (failure.error instanceof ChunkLoadError) return this.props.fallback;
    if (this.props.crashFallback !== undefined) return this.props.crashFallback;
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
      <ReloadButton />
    </section>
  );
}

/** spec 001 §8: the generic 'Oops! Something went wrong.' with a way out, a reload. */
function CrashPage() {
  const intl = useIntl();
  return (
    <section className="message-page" role="alert">
      <div className="message-page__icon">
        <Icon name="error" size={48} />
      </div>
      <h1>{intl.formatMessage({ id: 'common.genericError' })}</h1>
      <ReloadButton />
    </section>
  );
}

function ReloadButton() {
  const intl = useIntl();
  return (
    <button
      type="button"
      className="btn btn--primary"
      onClick={() => {
        window.location.reload();
      }}
    >
      {intl.formatMessage({ id: 'chunk.reload' })}
    </button>
  );
}

/** The same news for a part of a screen: an error toast with a Reload button. */
function ChunkFailedToast() {
  const intl = useIntl();
  const toasts = useToasts();
  useEffect(() => {
    toasts.show({
      kind: 'error',
      key: 'chunk-failed',
      text: intl.formatMessage({ id: 'chunk.failedTitle' }),
      action: {
        label: intl.formatMessage({ id: 'chunk.reload' }),
        onAction: () => {
          window.location.reload();
        },
      },
    });
  }, [toasts, intl]);
  return null;
}
