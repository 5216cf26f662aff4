import { Link, useLocation } from "react-router-dom"
import { EmptyState } from "../../components/ui/EmptyState"

/** The honest placeholder for a page that is not built yet, inside its real layout: never a blank screen. */
export function UnderConstructionPage({ title = "页面" }: { title?: string }) {
  // the way out leads to the inspiration square, except from the square itself
  const onSquare = useLocation().pathname === "/list"
  return (
    <section
      aria-label={title}
      className="mx-auto flex min-h-[60vh] max-w-3xl items-center justify-center rounded-xl border border-dashed border-line-strong bg-surface px-6 py-12"
    >
      <EmptyState
        icon="sparkles"
        title={`${title} · 建设中`}
        description="米豆AI 正在精心打磨这个页面，敬请期待。"
        action={
          onSquare ? undefined : (
            <Link to="/list" className="text-sm font-medium text-brand-600 hover:text-brand-500">
              去灵感广场看看 →
            </Link>
          )
        }
      />
    </section>
  )
}
