import { useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type FormEvent, use, useEffect, useState } from "react"
import { Button } from "../../components/ui/Button"
import { Icon } from "../../components/ui/Icon"
import { Spinner } from "../../components/ui/Spinner"
import { type SmsFieldValues, SmsCodeFields } from "./SmsCodeFields"

/**
 * WeChat QR login (spec §2 /login): the QR is polled by the core; a new WeChat user binds a phone.
 * The flow's code arrives with the tab (the Suspense around it shows the QR frame's spinner).
 */
export const WechatLoginPanel = observer(function WechatLoginPanel({ onLoggedIn }: { onLoggedIn: (isRegister: boolean) => void }) {
  const session = useSessionStore()
  const wechat = use(session.wechatFlow())
  const [values, setValues] = useState<SmsFieldValues>({ phone: "", captcha: "", code: "" })

  useEffect(() => {
    void wechat.start().then((step) => step === "done" && onLoggedIn(wechat.isRegister))
    return () => wechat.stop()
  }, [wechat, onLoggedIn])

  if (wechat.step === "bindPhone") {
    const bind = async (event: FormEvent) => {
      event.preventDefault()
      if (await wechat.bindPhone(values.phone.trim(), values.code.trim())) onLoggedIn(wechat.isRegister)
    }
    return (
      <form onSubmit={(event) => void bind(event)} className="space-y-5" aria-label="绑定手机号">
        <div className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700">微信验证成功，请绑定手机号以完成登录</div>
        <SmsCodeFields sender={wechat.bindSms} values={values} onChange={setValues} />
        <Button type="submit" size="lg" block loading={wechat.binding}>
          绑定并登录
        </Button>
      </form>
    )
  }

  const expired = wechat.step === "expired" || wechat.step === "idle"
  return (
    <div className="flex flex-col items-center gap-4 py-2">
      <div className="relative flex size-52 items-center justify-center rounded-lg bg-surface ring-1 ring-line">
        {wechat.qr ? <img src={wechat.qr.qr} alt="微信登录二维码" className="size-48" /> : null}
        {wechat.step === "loading" ? <Spinner size={28} label="二维码加载中" className="text-brand-600" /> : null}
        {expired ? (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-lg bg-surface/95">
            <p className="text-base text-gray-700">{wechat.step === "expired" ? "二维码已过期" : "二维码加载失败"}</p>
            <Button size="sm" onClick={() => void wechat.start().then((step) => step === "done" && onLoggedIn(wechat.isRegister))}>
              刷新二维码
            </Button>
          </div>
        ) : null}
      </div>
      <p className="flex items-center gap-1.5 text-base text-gray-700">
        <Icon name="chat" size={18} className="text-success-600" />
        请使用微信扫一扫登录
      </p>
      <p className="text-xs text-gray-500">扫码并在手机上确认后自动登录</p>
    </div>
  )
})
