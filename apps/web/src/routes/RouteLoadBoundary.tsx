import { Component, type ReactNode } from "react"
import { Button } from "../components/ui/Button"

interface RouteLoadBoundaryProps {
  readonly children: ReactNode
  /** Fetches the route's code anew and renders it again (with a new boundary). */
  readonly onRetry: () => void
}

/**
 * A lazy route whose code could not be fetched (offline, a deploy replaced the chunk): a message with
 * 重试 in the route's place; the layout and the rest of the app stay usable.
 */
export class RouteLoadBoundary extends Component<RouteLoadBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <div role="alert" className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-gray-600">
        <p>页面加载失败，请检查网络后重试</p>
        <Button onClick={this.props.onRetry}>重试</Button>
      </div>
    )
  }
}
