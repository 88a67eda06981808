import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  fallback(error: Error): ReactNode;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a remote that fails to load or crashes while rendering; the shell never goes blank. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[shell] remote failed:', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
