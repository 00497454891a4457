import { Component, type ReactNode } from "react";
import { Button } from "@/components/ui/Button";

interface Props {
  /** The current location: after a failure, a change of location tries again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/**
 * Around the page: when a page's code cannot be loaded (offline, or a new release replaced the
 * file) or the page throws, say so and offer a reload instead of a blank screen.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">
          This page could not be loaded
        </h1>
        <p className="mt-3 text-lg text-slate-700 dark:text-slate-200">
          Check your connection, then reload the page to try again.
        </p>
        <Button className="mt-8" onClick={() => window.location.reload()}>
          Reload
        </Button>
      </div>
    );
  }
}
