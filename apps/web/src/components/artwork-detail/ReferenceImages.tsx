import { useRef, useState } from "react"
import { Icon } from "../ui/Icon"
import { cx } from "../ui/cx"
import { DetailSection } from "./DetailSection"

export type ReferenceGroup = { readonly label: string; readonly images: ReadonlyArray<string> }

/** Spec §2: the reference images' title ("reference images"). */
export const REFERENCE_TITLE = "参考图"

const THUMB = 70 // spec §9: default thumbnail 70 px
const CARD = 360

/**
 * Reference images as 70 px thumbnails; hovering one opens a carousel card titled 参考图 beside the
 * panel (fixed, so the panel's scroll does not clip it) that steps through all of them.
 */
export function ReferenceImages({ groups }: { groups: ReadonlyArray<ReferenceGroup> }) {
  const all = groups.flatMap((group) => group.images)
  const [shown, setShown] = useState<number | null>(null)
  const [place, setPlace] = useState({ left: 0, top: 0 })
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  if (all.length === 0) return null

  const show = (index: number, element: HTMLElement) => {
    clearTimeout(hideTimer.current)
    const rect = element.getBoundingClientRect()
    const left = Math.max(8, rect.left - CARD - 16)
    const top = Math.min(Math.max(8, rect.top - CARD / 2), window.innerHeight - CARD - 64)
    setPlace({ left, top })
    setShown(index)
  }
  const hideSoon = () => {
    clearTimeout(hideTimer.current)
    hideTimer.current = setTimeout(() => setShown(null), 150)
  }
  const keep = () => clearTimeout(hideTimer.current)
  const step = (by: number) => setShown((index) => (index === null ? null : (index + by + all.length) % all.length))

  let offset = 0
  return (
    <DetailSection title={REFERENCE_TITLE}>
      <div className="space-y-2" data-testid="reference-images">
        {groups.map((group) => {
          const first = offset
          offset += group.images.length
          return (
            <div key={group.label}>
              {groups.length > 1 || group.label !== "" ? <p className="mb-1 text-xs text-gray-500">{group.label}</p> : null}
              <div className="flex flex-wrap gap-2">
                {group.images.map((src, index) => (
                  <button
                    key={`${src}:${index}`}
                    type="button"
                    onMouseEnter={(event) => show(first + index, event.currentTarget)}
                    onFocus={(event) => show(first + index, event.currentTarget)}
                    onMouseLeave={hideSoon}
                    onBlur={hideSoon}
                    className={cx("overflow-hidden rounded-md ring-1 ring-line transition hover:ring-2 hover:ring-brand-400", shown === first + index && "ring-2 ring-brand-500")}
                    style={{ width: THUMB, height: THUMB }}
                    aria-label={`${group.label}${index + 1}`}
                  >
                    <img src={src} alt="" className="size-full object-cover" />
                  </button>
                ))}
              </div>
            </div>
          )
        })}
      </div>
      {shown !== null ? (
        <div
          role="dialog"
          aria-label={REFERENCE_TITLE}
          onMouseEnter={keep}
          onMouseLeave={hideSoon}
          className="fixed z-[60] rounded-xl bg-surface p-3 shadow-xl ring-1 ring-line"
          style={{ left: place.left, top: place.top, width: CARD }}
          data-testid="reference-carousel"
        >
          <div className="mb-2 flex items-center justify-between text-sm">
            <span className="font-semibold text-gray-900">{REFERENCE_TITLE}</span>
            <span className="text-gray-500 tabular-nums">{shown + 1} / {all.length}</span>
          </div>
          <div className="relative flex h-[300px] items-center justify-center overflow-hidden rounded-lg bg-gray-100">
            <img src={all[shown]} alt={`${REFERENCE_TITLE}${shown + 1}`} className="max-h-full max-w-full object-contain" />
            {all.length > 1 ? (
              <>
                <button type="button" aria-label="上一张" onClick={() => step(-1)} className="absolute left-2 flex size-8 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60">
                  <Icon name="chevron-left" size={18} />
                </button>
                <button type="button" aria-label="下一张" onClick={() => step(1)} className="absolute right-2 flex size-8 items-center justify-center rounded-full bg-black/40 text-white hover:bg-black/60">
                  <Icon name="chevron-right" size={18} />
                </button>
              </>
            ) : null}
          </div>
        </div>
      ) : null}
    </DetailSection>
  )
}
