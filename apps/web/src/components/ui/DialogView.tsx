import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react"
import { type CSSProperties } from "react"
import { cx } from "./cx"
import type { DialogProps } from "./Dialog"
import { Icon } from "./Icon"

/** What `Dialog` (./Dialog.tsx) loads on its first opening: headlessui, focus trapped, the page behind inert, Escape closes. */
export function DialogView({
  open,
  onClose,
  title,
  children,
  footer,
  width = 480,
  top,
  hideClose = false,
  className,
  bodyClassName
}: DialogProps) {
  const panelStyle: CSSProperties = { width: typeof width === "number" ? `${width}px` : width }
  return (
    <HeadlessDialog open={open} onClose={onClose} transition className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-overlay backdrop-blur-[2px] transition duration-200 ease-out data-closed:opacity-0"
      />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div
          className={cx("flex min-h-full justify-center p-4", top === undefined ? "items-center" : "items-start")}
          style={top === undefined ? undefined : { paddingTop: top }}
        >
          <DialogPanel
            transition
            style={panelStyle}
            className={cx(
              "relative flex max-w-full flex-col rounded-xl bg-surface shadow-xl",
              "transition duration-200 ease-out-soft data-closed:translate-y-2 data-closed:scale-[0.98] data-closed:opacity-0",
              className
            )}
          >
            {title || !hideClose ? (
              <div className={cx("flex min-h-14 items-start gap-3 px-6 pt-5", !title && "justify-end")}>
                {title ? (
                  <DialogTitle className="flex-1 text-lg font-semibold text-gray-900">{title}</DialogTitle>
                ) : null}
                {hideClose ? null : (
                  <button
                    type="button"
                    onClick={onClose}
                    aria-label="关闭"
                    className="-mr-2 -mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-md text-gray-500 transition hover:bg-gray-100 hover:text-gray-900"
                  >
                    <Icon name="close" size={18} />
                  </button>
                )}
              </div>
            ) : null}
            <div className={cx("px-6 pt-3 pb-6 text-base text-gray-700", bodyClassName)}>{children}</div>
            {footer ? (
              <div className="flex items-center justify-end gap-3 border-t border-line px-6 py-4">{footer}</div>
            ) : null}
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  )
}
