import { useConfirmStore, useLoadingStore, useToastStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Button } from "../ui/Button"
import { Dialog } from "../ui/Dialog"
import { Spinner } from "../ui/Spinner"
import { Toast } from "../ui/Toast"
import { ContextMenu } from "./ContextMenu"

/** Toasts top-centre, newest last; each goes by itself after 3 s (the ToastStore's timer) or on close. */
export const ToastHost = observer(function ToastHost() {
  const toasts = useToastStore()
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-5 z-[70] flex flex-col items-center gap-2 px-4"
      data-testid="toasts"
    >
      {toasts.shown.map((toast) => (
        <Toast key={toast.id} type={toast.kind} onClose={() => toasts.dismiss(toast.id)} className="animate-toast-in">
          {toast.message}
        </Toast>
      ))}
    </div>
  )
})

/** The generic confirm dialog (spec §2): ConfirmStore.ask() resolves with the button pressed. */
export const ConfirmHost = observer(function ConfirmHost() {
  const confirmDialog = useConfirmStore()
  const request = confirmDialog.request
  return (
    <Dialog
      open={request !== null}
      onClose={() => confirmDialog.answer(false)}
      title={request?.title}
      width={420}
      footer={
        <>
          <Button variant="secondary" onClick={() => confirmDialog.answer(false)}>
            {request?.cancelText ?? "取消"}
          </Button>
          <Button onClick={() => confirmDialog.answer(true)}>{request?.confirmText ?? "确定"}</Button>
        </>
      }
    >
      <p className="whitespace-pre-line">{request?.message}</p>
    </Dialog>
  )
})

/** The loading indicator: a slim bar on top and a small spinner card while any task runs. */
export const LoadingIndicator = observer(function LoadingIndicator() {
  const loading = useLoadingStore()
  if (!loading.isLoading) return null
  return (
    <div role="status" aria-label="加载中" className="pointer-events-none fixed inset-x-0 top-0 z-[80]">
      <div className="h-0.5 w-full overflow-hidden bg-brand-100">
        <div className="h-full w-1/3 animate-loading-bar bg-brand-600" />
      </div>
      <div className="absolute top-4 right-4 flex items-center gap-2 rounded-full bg-surface px-3 py-1.5 text-sm text-gray-700 shadow-md ring-1 ring-line">
        <Spinner size={14} className="text-brand-600" />
        加载中…
      </div>
    </div>
  )
})

/** Every overlay shared by all pages (spec §2). */
export function GlobalOverlays() {
  return (
    <>
      <ToastHost />
      <ConfirmHost />
      <LoadingIndicator />
      <ContextMenu />
    </>
  )
}
