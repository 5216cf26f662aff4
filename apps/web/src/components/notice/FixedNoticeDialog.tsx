import { useFixedNoticeStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useNavigate } from "react-router-dom"
import { Button } from "../ui/Button"
import { Dialog } from "../ui/Dialog"
import { Icon } from "../ui/Icon"

/** Spec §2: the fixed notice's dialogs are 444 px wide. */
const DIALOG_WIDTH = 444

/** Variant 1: the WeCom QR code (config.wecom.promotion.qrcode), its texts and 参与活动 → /invite-info. */
const WecomVariant = observer(function WecomVariant({ onJoin }: { onJoin: () => void }) {
  const notice = useFixedNoticeStore()
  const texts = notice.texts
  return (
    <div className="flex flex-col items-center gap-3 pb-2 text-center">
      <img src={notice.wecomQrcode} alt="企业微信二维码" className="size-48 rounded-lg bg-white p-2 ring-1 ring-line" />
      <p className="text-lg font-semibold text-gray-900">{texts.wecomScan}</p>
      <p className="flex items-center gap-1.5 text-base text-success-700">
        <Icon name="gift" size={18} />
        {texts.wecomGift}
      </p>
      <p className="text-sm text-gray-500">{texts.wecomJoined}</p>
      <Button className="mt-2" block onClick={onJoin}>
        {texts.wecomAction}
      </Button>
    </div>
  )
})

/** Variant 2: the inviter's name, 会员折扣, the discount text and 查看详情 → /invited?code= in a new window. */
const InviteVariant = observer(function InviteVariant() {
  const notice = useFixedNoticeStore()
  const texts = notice.texts
  return (
    <div className="flex flex-col items-center gap-3 pb-2 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-bean-100 text-bean-700">
        <Icon name="crown" size={28} />
      </span>
      <p className="text-base text-gray-600">
        <span className="font-semibold text-gray-900" data-testid="notice-inviter">{notice.inviterName || "好友"}</span> 邀请你加入米豆AI
      </p>
      <p className="rounded-full bg-linear-to-r from-bean-400 to-bean-500 px-4 py-1 text-base font-semibold text-white">{texts.inviteTitle}</p>
      <p className="text-sm leading-relaxed text-gray-600">{texts.inviteBody}</p>
      <Button className="mt-2" block onClick={() => void window.open(notice.detailsPath, "_blank", "noopener")}>
        {texts.inviteAction}
      </Button>
    </div>
  )
})

/** The fixed notice's dialog of the card that was clicked (spec §2, width 444). */
export const FixedNoticeDialog = observer(function FixedNoticeDialog() {
  const notice = useFixedNoticeStore()
  const navigate = useNavigate()
  const dialog = notice.dialog
  const join = () => {
    notice.closeDialog()
    void navigate("/invite-info")
  }
  return (
    <Dialog
      open={dialog !== null}
      onClose={notice.closeDialog}
      width={DIALOG_WIDTH}
      title={dialog?.variant === 1 ? notice.texts.wecomTitle : notice.texts.inviteTitle}
    >
      {dialog?.variant === 1 ? <WecomVariant onJoin={join} /> : dialog?.variant === 2 ? <InviteVariant /> : null}
    </Dialog>
  )
})
