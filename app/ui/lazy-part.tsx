import { Component, lazy, Suspense, type ComponentType, type ReactNode } from "react";

interface BoundaryProps {
  onError: (error: unknown) => void;
  /** After a failure, a new truthy value (the part opened again) lets the part try again. */
  retryKey?: unknown;
  children: ReactNode;
}

/** Renders nothing instead of failing the page when the part inside could not be loaded or rendered. */
class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && this.props.retryKey && this.props.retryKey !== previous.retryKey) {
      this.setState({ failed: false });
    }
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export interface LazyPartProps {
  /** Shown while the code downloads. */
  fallback?: ReactNode;
  /** The code could not be downloaded (offline for a moment) or the part failed: close it. */
  onFailed: () => void;
  retryKey?: unknown;
}

/**
 * A part of the page whose code loads on use (`load` is its `() => import("./part")`; give it to
 * `useLoadOnIntent` too). A failed download does not take the page down: the part reports it through
 * `onFailed` (its opener closes it), and the next opening imports it again. Chromium keeps a failed module failed
 * for the life of the document, so there the next attempt fails at once and quietly; a reload brings it.
 */
export function lazyPart<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let Loaded = lazy(load);
  function Part({ fallback = null, onFailed, retryKey, ...props }: P & LazyPartProps) {
    return (
      <LoadBoundary
        retryKey={retryKey}
        onError={(error) => {
          console.error(error);
          // React keeps a failed lazy() failed: the next attempt needs a new one.
          Loaded = lazy(load);
          onFailed();
        }}
      >
        <Suspense fallback={fallback}>
          <Loaded {...(props as P)} />
        </Suspense>
      </LoadBoundary>
    );
  }
  return { load, Part };
}
