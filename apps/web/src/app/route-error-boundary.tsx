import { Component, type ReactNode } from 'react';
import classes from './route-error-boundary.module.css';

type Props = {
  children: ReactNode /** Leaving the page (a new value) clears the error. */;
  resetKey: string;
};
type State = { error: unknown; resetKey: string };

/**
 * Shown when a page fails to render or its chunk cannot be loaded (for example after a deploy).
 * It sits outside the Mantine shells, so it uses plain elements.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className={classes.screen}>
        <div className={classes.box}>
          <h2 className={classes.title}>Something went wrong</h2>
          <p className={classes.text}>The page could not be displayed. Reloading usually fixes this.</p>
          <button type="button" className={classes.button} onClick={() => window.location.reload()}>
            Reload page
          </button>
        </div>
      </main>
    );
  }
}
