import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react"
import { cx } from "./cx"
import type { DrawerProps } from "./Drawer"
import { Icon } from "./Icon"

/** What `Drawer` (./Drawer.tsx) loads on its first opening: a full-height side panel, modal like Dialog. */
export function DrawerView({
  open,
  onClose,
  title,
  children,
  footer,
  side = "right",
  width = 420,
  className,
  bodyClassName
}: DrawerProps) {
  return (
    <HeadlessDialog open={open} onClose={onClose} transition className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-overlay transition duration-200 ease-out data-closed:opacity-0"
      />
      <div className={cx("fixed inset-y-0 flex max-w-full", side === "right" ? "right-0" : "left-0")}>
        <DialogPanel
          transition
          style={{ width }}
          className={cx(
            "flex h-full max-w-[100vw] flex-col bg-surface shadow-xl transition duration-300 ease-out-soft",
            side === "right" ? "data-closed:translate-x-full" : "data-closed:-translate-x-full",
            className
          )}
        >
          {title ? (
            <div className="flex h-16 shrink-0 items-center gap-3 border-b border-line px-6">
              <DialogTitle className="flex-1 truncate text-lg font-semibold text-gray-900">{title}</DialogTitle>
              <button
                type="button"
                onClick={onClose}
                aria-label="关闭"
                className="-mr-2 flex size-8 items-center justify-center rounded-md text-gray-500 transition hover:bg-gray-100 hover:text-gray-900"
              >
                <Icon name="close" size={18} />
              </button>
            </div>
          ) : null}
          <div className={cx("min-h-0 flex-1 overflow-y-auto px-6 py-4", bodyClassName)}>{children}</div>
          {footer ? <div className="shrink-0 border-t border-line px-6 py-4">{footer}</div> : null}
        </DialogPanel>
      </div>
    </HeadlessDialog>
  )
}
