import { useSessionStore, useToastStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { lazy, Suspense, useCallback, useEffect, useState } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { Spinner } from "../../components/ui/Spinner"
import { Tabs } from "../../components/ui/Tabs"
import { HelpHrefs } from "../../lib/helpLinks"
import { PhoneLoginForm } from "./PhoneLoginForm"

// The WeChat tab's code is fetched when the tab is first opened; until then its QR frame shows a spinner.
const WechatLoginPanel = lazy(async () => ({ default: (await import("./WechatLoginPanel")).WechatLoginPanel }))
const qrFrameLoading = (
  <div className="flex justify-center py-2">
    <div className="flex size-52 items-center justify-center rounded-lg bg-surface ring-1 ring-line">
      <Spinner size={28} label="二维码加载中" className="text-brand-600" />
    </div>
  </div>
)

const formLoading = (
  <div className="flex justify-center py-10">
    <Spinner size={24} label="加载中" className="text-brand-600" />
  </div>
)

const PERKS = ["AI绘画 · MJ模型一键出图", "在线SD · 专业参数随心调", "AI工具箱 · 高清修复、智能抠图"]

/** /login (spec §2): phone + SMS code or WeChat QR; afterwards the safe `ref` or /list (NV8). */
export const LoginPage = observer(function LoginPage() {
  const session = useSessionStore()
  const toasts = useToastStore()
  const navigate = useNavigate()
  const { search } = useLocation()
  const [tab, setTab] = useState(0)

  useEffect(() => () => session.resetLoginFlows(), [session])

  const onLoggedIn = useCallback(
    (isRegister: boolean) => {
      toasts.success(isRegister ? "注册成功，欢迎来到米豆AI" : "登录成功")
      navigate(session.returnAddress(search), { replace: true })
    },
    [toasts, session, navigate, search]
  )

  return (
    <div className="mx-auto flex w-full max-w-[880px] overflow-hidden rounded-2xl bg-surface shadow-lg ring-1 ring-line">
      <aside className="hidden w-[360px] shrink-0 flex-col justify-between bg-linear-to-br from-brand-600 to-brand-800 p-8 text-white md:flex">
        <div>
          <p className="text-2xl font-semibold">米豆AI</p>
          <p className="mt-2 text-base text-brand-100">用 AI 绘画，发布作品，加入创作者社区</p>
        </div>
        <ul className="space-y-3 text-base">
          {PERKS.map((perk) => (
            <li key={perk} className="flex items-center gap-2">
              <span className="size-1.5 rounded-full bg-bean-300" />
              {perk}
            </li>
          ))}
        </ul>
        <p className="text-sm text-brand-200">邀请好友一起创作，赢取现金奖励</p>
      </aside>
      <section className="min-w-0 flex-1 px-10 py-9">
        <h1 className="text-2xl font-semibold text-gray-900">欢迎登录米豆AI</h1>
        <p className="mt-1 mb-6 text-sm text-gray-500">登录后即可开始创作</p>
        <Tabs
          selectedIndex={tab}
          onChange={setTab}
          panelClassName="pt-6"
          items={[
            {
              key: "phone",
              label: "手机号登录",
              content: (
                <Suspense fallback={formLoading}>
                  <PhoneLoginForm onLoggedIn={onLoggedIn} />
                </Suspense>
              )
            },
            {
              key: "wechat",
              label: "微信扫码登录",
              content:
                tab === 1 ? (
                  <Suspense fallback={qrFrameLoading}>
                    <WechatLoginPanel onLoggedIn={onLoggedIn} />
                  </Suspense>
                ) : null
            }
          ]}
        />
        <p className="mt-6 text-center text-xs text-gray-400">
          登录即表示同意
          <a href={HelpHrefs.userAgreement} target="_blank" rel="noopener" className="text-gray-500 hover:text-brand-600">
            《用户协议》
          </a>
          和
          <a href={HelpHrefs.privacyPolicy} target="_blank" rel="noopener" className="text-gray-500 hover:text-brand-600">
            《隐私政策》
          </a>
        </p>
      </section>
    </div>
  )
})
