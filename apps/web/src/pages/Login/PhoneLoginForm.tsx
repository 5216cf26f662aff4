import { useSessionStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type FormEvent, use, useState } from "react"
import { Button } from "../../components/ui/Button"
import { type SmsFieldValues, SmsCodeFields } from "./SmsCodeFields"

/**
 * Phone + SMS code login (spec §2 /login); the stored invite code goes along (spec §5). The SMS
 * sender's code arrives with the page (the Suspense around the form waits for it).
 */
export const PhoneLoginForm = observer(function PhoneLoginForm({ onLoggedIn }: { onLoggedIn: (isRegister: boolean) => void }) {
  const session = useSessionStore()
  const sender = use(session.phoneSmsSender())
  const [values, setValues] = useState<SmsFieldValues>({ phone: "", captcha: "", code: "" })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const result = await session.loginWithCode(values.phone.trim(), values.code.trim())
    if (result) onLoggedIn(result.isRegister)
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-5" aria-label="手机号登录">
      <SmsCodeFields sender={sender} values={values} onChange={setValues} />
      {session.inviteCode ? (
        <p className="rounded-md bg-brand-50 px-3 py-2 text-sm text-brand-700">邀请码：{session.inviteCode}（登录后自动绑定）</p>
      ) : null}
      <Button type="submit" size="lg" block loading={session.loggingIn}>
        登录 / 注册
      </Button>
      <p className="text-center text-xs text-gray-500">未注册的手机号验证后将自动创建米豆AI账号</p>
    </form>
  )
})
