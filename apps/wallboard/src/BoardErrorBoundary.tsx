import { Component, type ReactNode } from 'react';

/** After a rendering error the board is rebuilt this much later, so an unattended screen recovers by itself. */
const REMOUNT_MS = 10_000;

/** Catches a crash in the board, shows a plain notice instead of a blank screen, and remounts it. */
export class BoardErrorBoundary extends Component<{ children: ReactNode; notice: ReactNode }, { failures: number; failed: boolean }> {
  override state = { failures: 0, failed: false };
  private timer: ReturnType<typeof setTimeout> | null = null;

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('wallboard crashed, rebuilding', error instanceof Error ? error.message : error);
    this.timer = setTimeout(() => this.setState((state) => ({ failed: false, failures: state.failures + 1 })), REMOUNT_MS);
  }

  override componentWillUnmount() {
    if (this.timer) clearTimeout(this.timer);
  }

  override render() {
    return this.state.failed ? this.props.notice : <div key={this.state.failures}>{this.props.children}</div>;
  }
}
