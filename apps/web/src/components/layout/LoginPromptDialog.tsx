import { useSessionStore } from "@mido/react"
import { useLocation, useNavigate } from "react-router-dom"
import { Button } from "../ui/Button"
import { Dialog } from "../ui/Dialog"
import { Icon } from "../ui/Icon"

/** Asks a visitor to log in before using something that needs an account (spec §2 tools bar). */
export function LoginPromptDialog({ open, onClose, target }: { open: boolean; onClose: () => void; target?: string }) {
  const session = useSessionStore()
  const navigate = useNavigate()
  const location = useLocation()
  const goLogin = () => {
    onClose()
    navigate(target === undefined ? session.loginHref(location.pathname, location.search) : session.loginHref(target))
  }
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="请先登录"
      width={400}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            稍后再说
          </Button>
          <Button onClick={goLogin}>去登录</Button>
        </>
      }
    >
      <div className="flex items-start gap-3">
        <Icon name="info" size={20} className="mt-0.5 shrink-0 text-brand-600" />
        <p>登录米豆AI后即可使用全部 AI 工具，创作、发布与收藏你的作品。</p>
      </div>
    </Dialog>
  )
}
