import { reminderOnScreen, useFeaturePromptStore, useReminderStore, useRootStore, useSessionStore, useWalletStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Suspense } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { Button } from "../ui/Button"
import { Dialog } from "../ui/Dialog"
import { Icon, type IconName } from "../ui/Icon"

type ReminderButton = NonNullable<ReturnType<typeof reminderOnScreen>>["buttons"][number]

const ICON: Readonly<Record<1 | 2 | 3, IconName>> = { 1: "bean", 2: "alert-triangle", 3: "crown" }

/**
 * The reminder dialog (spec §4, docs/spec/reminders.md RM1–RM6): beans running low, high daily use or
 * the membership expiring, each at most once per 24 hours (ReminderStore stamps a type when it shows
 * it). The wording and buttons are the core's for members and non-members; a button opens the
 * purchase dialog on its tab or goes to /invite-info, and the next due reminder follows. RM8: while
 * the community feature prompt is on screen the reminder waits behind it, so a first visit is greeted
 * by one dialog at a time.
 */
const ReminderDialogView = observer(function ReminderDialogView() {
  const reminders = useReminderStore()
  const prompt = useFeaturePromptStore()
  const location = useLocation()
  const root = useRootStore()
  const navigate = useNavigate()
  const session = useSessionStore()
  const content = prompt.visibleOn(location.pathname) ? null : reminderOnScreen(reminders, session)
  const type = reminders.current

  const follow = (button: ReminderButton) => {
    reminders.dismiss()
    if (button.action.kind === "purchase") void root.openPurchase(button.action.tab)
    else navigate(button.action.to)
  }

  return (
    <Dialog
      open={content !== null}
      onClose={reminders.dismiss}
      width={420}
      footer={
        content === null ? undefined : (
          <>
            {content.buttons.slice(1).map((button) => (
              <Button key={button.label} variant="secondary" onClick={() => follow(button)}>
                {button.label}
              </Button>
            ))}
            {content.buttons.slice(0, 1).map((button) => (
              <Button key={button.label} onClick={() => follow(button)}>
                {button.label}
              </Button>
            ))}
          </>
        )
      }
    >
      {content === null || type === null ? null : (
        <div className="flex flex-col items-center gap-3 pt-2 text-center" data-testid="reminder" data-type={type}>
          <span className="flex size-14 items-center justify-center rounded-full bg-bean-50 text-bean-600 ring-8 ring-bean-50/60">
            <Icon name={ICON[type]} size={28} />
          </span>
          <h2 className="text-lg font-semibold text-gray-900">{content.title}</h2>
          <ReminderFigure type={type} />
          <p className="text-sm leading-6 text-gray-600">{content.body}</p>
        </div>
      )}
    </Dialog>
  )
})

/** The reminder's slot in the account overlays' layer; the feature prompt's store (RM8) arrives with the layer. */
export function ReminderDialog() {
  return (
    <Suspense fallback={null}>
      <ReminderDialogView />
    </Suspense>
  )
}

/** The number behind the reminder: the balance, today's use, or the expiry date. */
const ReminderFigure = observer(function ReminderFigure({ type }: { type: 1 | 2 | 3 }) {
  const wallet = useWalletStore()
  const session = useSessionStore()
  const balance = wallet.balance
  const text =
    type === 1
      ? balance === null ? null : `当前余额 ${balance.balance.toLocaleString("zh-CN")} 米豆`
      : type === 2
        ? balance === null ? null : `今日已消耗 ${balance.today_consumed.toLocaleString("zh-CN")} 米豆`
        : session.user?.vip_expired_at_str ? `${session.user.vip_name}到期时间 ${session.user.vip_expired_at_str}` : null
  return text === null ? null : <p className="rounded-full bg-bean-50 px-3 py-1 text-sm font-medium text-bean-800">{text}</p>
})
