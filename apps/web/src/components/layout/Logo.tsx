import { Link } from "react-router-dom"

/** The product mark: a bean in the brand gradient and the name. */
export function Logo() {
  return (
    <Link to="/list" className="flex shrink-0 items-center gap-2" aria-label="米豆AI 首页">
      <span className="flex size-8 items-center justify-center rounded-lg bg-linear-to-br from-brand-500 to-brand-700 text-sm font-bold text-white shadow-sm">
        米
      </span>
      <span className="text-lg font-semibold tracking-wide text-gray-900">米豆AI</span>
    </Link>
  )
}
