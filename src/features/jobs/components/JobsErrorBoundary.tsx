import { Component, type ReactNode } from "react";
import { JobMessages } from "@common/jobCatalog";
import { Button } from "@/components/ui";
import { cn } from "@/lib/cn";
import { appErrorData } from "@/lib/errors";

interface Props {
  children: ReactNode;
  /** A change (new filters) clears the error and tries again. */
  resetKey?: string;
  /** On a page of its own the message is the page's h1. */
  asPage?: boolean;
}
interface State {
  error: unknown;
  attempt: number;
}

/**
 * Around a list of jobs: a query that fails shows spec §8 "Unable to Load Jobs" with Try Again
 * (the list mounts again and subscribes afresh). A refusal the user can act on (an unknown ZIP
 * code) shows the server's words.
 */
export class JobsErrorBoundary extends Component<Props, State> {
  state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("unknown") };
  }

  componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = () => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }));

  render() {
    if (!this.state.error) return <div key={this.state.attempt}>{this.props.children}</div>;
    const data = appErrorData(this.state.error);
    const Heading = this.props.asPage ? "h1" : "h2";
    return (
      <div
        role="alert"
        className={cn(
          "flex flex-col items-center rounded-xl border border-red-600 bg-red-50 px-4 py-10 text-center dark:border-red-400 dark:bg-red-950",
          this.props.asPage && "mx-4 my-8 sm:mx-auto sm:my-12 sm:max-w-2xl",
        )}
      >
        <Heading className="text-xl font-bold text-red-900 dark:text-red-100">{JobMessages.loadFailedTitle}</Heading>
        <p className="mt-2 max-w-md text-red-900 dark:text-red-100">{data?.message ?? JobMessages.loadFailed}</p>
        <Button className="mt-6" variant="secondary" onClick={this.retry}>
          Try Again
        </Button>
      </div>
    );
  }
}
