import { type ReactNode, useEffect, useState } from "react"
import { Dialog } from "../ui/Dialog"
import { Icon, type IconName } from "../ui/Icon"
import { Spinner } from "../ui/Spinner"

export type ConfirmingMenuItemProps = {
  /** Closes the menu the item is in (the popover's `close`). */
  close: () => void
  /** Starts the action; it asks its question through the confirm dialog (ConfirmStore.ask). */
  onChoose: () => void
  icon: IconName
  children: ReactNode
  className?: string
}

/** Fetches the dialog's code once the menu is open (idle preloading may not have come yet on a busy machine). */
const preloadDialog = () => Dialog.preload().catch(() => undefined)

/**
 * A menu item whose action first asks in the confirm dialog (退出所有设备). The dialog's code arrives
 * on demand, and on a slow machine or network it may still be on its way when the item is clicked:
 * the question is asked at once (it is kept until the code comes, components/ui/onDemand.tsx), and the
 * menu stays open, the item marked busy, until the dialog can show, so there is never a moment where
 * the menu is gone and nothing answers the click. Its code is fetched as soon as the menu opens.
 */
export function ConfirmingMenuItem({ close, onChoose, icon, children, className }: ConfirmingMenuItemProps) {
  const [waiting, setWaiting] = useState(false)
  useEffect(() => void preloadDialog(), [])
  const choose = () => {
    if (waiting) return // a second click while the dialog's code arrives is the same intent
    setWaiting(true)
    onChoose()
    void preloadDialog().then(close)
  }
  return (
    <button type="button" onClick={choose} aria-busy={waiting} className={className}>
      <Icon name={icon} size={16} />
      {children}
      {waiting ? <Spinner size={14} className="ml-auto text-gray-400" /> : null}
    </button>
  )
}
