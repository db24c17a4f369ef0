import { Component, type ReactNode } from 'react';
import { reportError } from '../report-error';
import { isChunkLoadError } from './chunk-load-error';

interface Props {
  children: ReactNode;
  /** The address: when it changes, a page that failed is tried afresh. */
  resetKey?: string;
  /** Reloads the page (tests pass their own). */
  reload?: () => void;
}

/**
 * Catches what a page throws while drawing, so the shopper never gets a blank page (spec 001 §8's generic messages).
 * When the page's code is gone because a new release replaced it, "We've updated the site since your last visit."
 * with a Reload button: nothing is lost, since answers and carts are saved on the server or on the device as they are
 * made. Anything else is reported and reads "Oops, something went wrong...", with "Let's try again". Going to
 * another address (`resetKey`) tries afresh.
 */
export class PageErrorBoundary extends Component<Props, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    // A release that replaced the page's files is no bug: it is said to the shopper, not reported.
    if (!isChunkLoadError(error)) reportError('drawing a page', error);
  }

  override componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey && this.state.error !== null) this.setState({ error: null });
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    const reload = this.props.reload ?? (() => window.location.reload());
    if (isChunkLoadError(error)) {
      return (
        <div className="page page--narrow page-error" role="alert">
          <h1>We’ve updated the site since your last visit.</h1>
          <p>Reload the page to get the new version. Your answers and your cart are saved.</p>
          <button type="button" className="button button--primary" onClick={reload}>
            Reload
          </button>
        </div>
      );
    }
    return (
      <div className="page page--narrow page-error" role="alert">
        <h1>Oops, something went wrong...</h1>
        <p>Please refresh the page.</p>
        <button type="button" className="button button--primary" onClick={() => this.setState({ error: null })}>
          Let's try again
        </button>
      </div>
    );
  }
}
