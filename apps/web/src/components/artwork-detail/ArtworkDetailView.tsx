import type { ArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { LoginPromptDialog } from "../layout/LoginPromptDialog"
import { AigcNotice } from "../ui/AigcNotice"
import { EmptyState } from "../ui/EmptyState"
import { Icon } from "../ui/Icon"
import { Skeleton } from "../ui/Skeleton"
import { Spinner } from "../ui/Spinner"
import { cx } from "../ui/cx"
import { ArtworkImage } from "./ArtworkImage"
import { AuthorBar } from "./AuthorBar"
import { DetailActions } from "./DetailActions"
import { DetailMeta } from "./DetailMeta"
import { ModelCardDialog } from "./ModelCardDialog"
import { TypeParameters } from "./TypeParameters"

export type ArtworkDetailViewProps = {
  detail: ArtworkDetailStore
  /** The dialog's close button; absent on the /work-detail page. */
  onClose?: () => void
  /** Where same-style goes (/aigc or /webui?…). */
  onNavigate: (path: string) => void
  /** dialog: a fixed height under the 70 px offset; page: the page's own height. */
  variant?: "dialog" | "page"
}

/**
 * What the artwork dialog and the /work-detail page show (spec §2): the image on the left, the author,
 * counts and the generation settings on the right, like and same-style at the bottom.
 */
export const ArtworkDetailView = observer(function ArtworkDetailView({ detail, onClose, onNavigate, variant = "dialog" }: ArtworkDetailViewProps) {
  const artwork = detail.artwork
  const frame = variant === "dialog" ? "h-[calc(100vh-140px)] max-h-[900px] min-h-[480px]" : "h-[calc(100vh-96px)] min-h-[560px]"
  return (
    <div className={cx("relative flex", frame)} data-testid="artwork-detail" data-status={detail.status}>
      {onClose ? (
        <button
          type="button"
          onClick={onClose}
          aria-label="关闭"
          className="absolute top-3 right-3 z-10 flex size-8 items-center justify-center rounded-md text-gray-500 transition hover:bg-gray-100 hover:text-gray-900"
        >
          <Icon name="close" size={18} />
        </button>
      ) : null}
      {artwork !== null ? (
        <>
          <div className="relative flex min-w-0 flex-1 items-center justify-center bg-gray-950">
            <AigcNotice label={artwork.aigc_label} className="absolute top-3 left-3 z-10" />
            <ArtworkImage src={artwork.cover} width={artwork.width} height={artwork.height} alt={artwork.title ?? `${artwork.user_name}的作品`} />
          </div>
          <aside className="flex w-[380px] shrink-0 flex-col bg-surface xl:w-[420px]">
            <div className="flex-1 space-y-5 overflow-y-auto px-5 pt-5 pb-4">
              <div className={cx(onClose && "pr-9")}>
                <AuthorBar detail={detail} />
              </div>
              <DetailMeta detail={detail} />
              <TypeParameters detail={detail} />
            </div>
            <DetailActions detail={detail} onNavigate={onNavigate} />
          </aside>
        </>
      ) : detail.status === "missing" || detail.status === "failed" ? (
        <div className="flex flex-1 items-center justify-center">
          <EmptyState icon="alert-triangle" title={detail.errorText} description={detail.status === "missing" ? "请从作品卡片打开作品详情" : "请稍后重试，或返回浏览其他作品"} />
        </div>
      ) : (
        <>
          <div className="flex flex-1 items-center justify-center bg-gray-950">
            <Spinner size={28} className="text-gray-400" label="加载中" />
          </div>
          <aside className="w-[380px] shrink-0 space-y-4 p-5 xl:w-[420px]">
            <Skeleton shape="circle" width={44} height={44} />
            <Skeleton shape="text" lines={6} />
          </aside>
        </>
      )}
      <ModelCardDialog detail={detail} />
      <LoginPromptDialog open={detail.loginPrompt} onClose={detail.dismissLoginPrompt} />
    </div>
  )
})
