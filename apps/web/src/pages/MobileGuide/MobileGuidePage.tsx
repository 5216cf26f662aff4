import { useConfigStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { Icon } from "../../components/ui/Icon"

const PRIMARY = "inline-flex h-11 items-center gap-2 rounded-lg bg-brand-600 px-6 text-base font-medium text-white shadow-xs hover:bg-brand-500"
const SECONDARY = "inline-flex h-11 items-center gap-2 rounded-lg px-6 text-base font-medium text-brand-700 ring-1 ring-inset ring-brand-200 hover:bg-brand-50"

/**
 * Spec §2: phones land here unless they asked for this site (the H5 flag, /list?source=H5). When the
 * config names the mobile site (CF4), that comes first; the web version stays one tap away.
 */
export const MobileGuidePage = observer(function MobileGuidePage() {
  const mobileSite = useConfigStore().settings.mobileSite
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 px-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-linear-to-br from-brand-500 to-brand-700 text-2xl font-bold text-white shadow-md">
        米
      </span>
      <div>
        <h1 className="text-2xl font-semibold text-gray-900">请在电脑上打开米豆AI</h1>
        <p className="mt-2 text-base text-gray-600">米豆AI 的创作工具为大屏幕设计，在电脑浏览器中体验更佳。</p>
      </div>
      <div className="flex flex-col items-center gap-3">
        {mobileSite === "" ? null : (
          <a href={mobileSite} className={PRIMARY}>
            <Icon name="sparkles" size={18} />
            打开米豆AI手机版
          </a>
        )}
        <Link to="/list?source=H5" className={mobileSite === "" ? PRIMARY : SECONDARY}>
          {mobileSite === "" ? <Icon name="sparkles" size={18} /> : null}
          继续访问网页版
        </Link>
      </div>
    </main>
  )
})
