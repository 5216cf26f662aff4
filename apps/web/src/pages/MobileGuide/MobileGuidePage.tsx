import { Link } from "react-router-dom"
import { Icon } from "../../components/ui/Icon"

/** Spec §2: phones land here unless they asked for this site (the H5 flag, /list?source=H5). */
export function MobileGuidePage() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-linear-to-br from-brand-500 to-brand-700 text-2xl font-bold text-white shadow-md">
        米
      </span>
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">请在电脑上打开米豆AI</h1>
        <p className="mt-2 text-base text-gray-600">米豆AI 的创作工具为大屏幕设计，在电脑浏览器中体验更佳。</p>
      </div>
      <Link
        to="/list?source=H5"
        className="inline-flex h-11 items-center gap-2 rounded-lg bg-brand-600 px-6 text-base font-medium text-white shadow-xs hover:bg-brand-500"
      >
        <Icon name="sparkles" size={18} />
        继续访问网页版
      </Link>
    </main>
  )
}
