import { Link } from "react-router-dom"
import { EmptyState } from "../../components/ui/EmptyState"

/** The honest placeholder for a page that is not built yet: never a blank screen. */
export function UnderConstructionPage({ title = "页面建设中" }: { title?: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <title>{`${title} - 米豆AI`}</title>
      <EmptyState
        icon="sparkles"
        title={title}
        description="米豆AI 正在精心打磨这个页面，敬请期待。"
        action={
          <Link to="/__styleguide" className="text-sm font-medium text-brand-600 hover:text-brand-500">
            查看设计系统 →
          </Link>
        }
      />
    </main>
  )
}
