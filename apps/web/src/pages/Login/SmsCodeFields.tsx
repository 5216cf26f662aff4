import type { SmsCodeSender } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect, useRef } from "react"
import { Input } from "../../components/ui/Input"
import { Spinner } from "../../components/ui/Spinner"

export const PHONE_PATTERN = /^1\d{10}$/

export interface SmsFieldValues {
  readonly phone: string
  readonly captcha: string
  readonly code: string
}

/**
 * Phone, picture captcha and SMS code with the resend countdown (spec §2 /login, R2): the captcha
 * loads once the phone looks right and refreshes on click; the send button counts down from the
 * server's resend_in.
 */
export const SmsCodeFields = observer(function SmsCodeFields({
  sender,
  values,
  onChange
}: {
  sender: SmsCodeSender
  values: SmsFieldValues
  onChange: (values: SmsFieldValues) => void
}) {
  const captchaInput = useRef<HTMLInputElement>(null)
  const codeInput = useRef<HTMLInputElement>(null)
  const phone = values.phone.trim()

  useEffect(() => {
    if (PHONE_PATTERN.test(phone) && sender.captchaPhone !== phone && !sender.captchaLoading) void sender.loadCaptcha(phone)
  }, [phone, sender])

  const sendCode = async () => {
    if (sender.captcha === null || sender.captchaPhone !== phone) {
      if (await sender.loadCaptcha(phone)) captchaInput.current?.focus()
      return
    }
    if (await sender.send(phone, values.captcha.trim())) {
      onChange({ ...values, captcha: "" })
      codeInput.current?.focus()
    } else onChange({ ...values, captcha: "" })
  }

  const countdown = sender.countdown
  return (
    <div className="space-y-4">
      <Input
        label="手机号"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        placeholder="请输入手机号"
        size="lg"
        value={values.phone}
        onChange={(event) => onChange({ ...values, phone: event.target.value.replace(/\D/g, "") })}
        prefix={<span className="text-gray-500">+86</span>}
      />
      <Input
        ref={captchaInput}
        label="图形验证码"
        name="captcha"
        autoComplete="off"
        maxLength={8}
        placeholder="请输入图形验证码"
        size="lg"
        value={values.captcha}
        onChange={(event) => onChange({ ...values, captcha: event.target.value })}
        suffix={
          <button
            type="button"
            onClick={() => void sender.loadCaptcha(phone)}
            disabled={sender.captchaLoading}
            title="看不清？换一张"
            className="-mr-2 flex h-9 w-24 items-center justify-center overflow-hidden rounded-sm bg-gray-50 text-xs text-gray-500 ring-1 ring-line"
          >
            {sender.captchaLoading ? (
              <Spinner size={14} label="加载中" />
            ) : sender.captcha ? (
              <img src={sender.captcha.image} alt="图形验证码" className="h-full w-full object-contain" />
            ) : (
              "获取图形码"
            )}
          </button>
        }
      />
      <Input
        ref={codeInput}
        label="短信验证码"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="请输入短信验证码"
        size="lg"
        value={values.code}
        onChange={(event) => onChange({ ...values, code: event.target.value.replace(/\D/g, "") })}
        suffix={
          <button
            type="button"
            onClick={() => void sendCode()}
            disabled={!sender.canSend}
            className="shrink-0 text-sm font-medium whitespace-nowrap text-brand-600 hover:text-brand-500 disabled:cursor-not-allowed disabled:text-gray-400"
          >
            {sender.sending ? "发送中…" : countdown.running ? `${countdown.remaining}秒后重新获取` : "获取验证码"}
          </button>
        }
      />
    </div>
  )
})
