import { Component, type ReactNode } from "react";
import { Alert } from "./Alert";
import { Button } from "./Button";

/**
 * A live query that fails throws while rendering: this shows the list's error copy with Try Again
 * (which renders the children again, so the query subscribes again).
 */
export class QueryErrorBoundary extends Component<
  { fallback: (retry: () => void) => ReactNode; children: ReactNode },
  { failed: boolean; attempt: number }
> {
  state = { failed: false, attempt: 0 };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    if (import.meta.env.DEV) console.error(error);
  }

  render() {
    if (this.state.failed) {
      return this.props.fallback(() => this.setState((s) => ({ failed: false, attempt: s.attempt + 1 })));
    }
    return <RetryKey key={this.state.attempt}>{this.props.children}</RetryKey>;
  }
}

function RetryKey({ children }: { children: ReactNode }) {
  return children;
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-3 p-4">
      <Alert variant="error">{message}</Alert>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
