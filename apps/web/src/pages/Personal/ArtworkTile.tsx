import type { ReactNode } from "react"
import { Link, useLocation } from "react-router-dom"
import { AigcNotice, type AigcLabel } from "../../components/ui/AigcNotice"

type Tile = { id: number; cover: string; title?: string | undefined; width: number; height: number; stat: { like_count: number }; aigc_label?: AigcLabel | undefined }

/** A work in a personal-center grid; a click opens the detail dialog through `?artwork=<id>`. */
export function ArtworkTile({ work, badge, actions }: { work: Tile; badge?: ReactNode; actions?: ReactNode }) {
  const location = useLocation()
  const search = new URLSearchParams(location.search)
  search.set("artwork", String(work.id))
  return (
    <div className="group relative overflow-hidden rounded-lg bg-gray-100" data-testid="work-tile" data-id={work.id}>
      <Link to={{ pathname: location.pathname, search: `?${search.toString()}` }} className="block aspect-[3/4]">
        <img src={work.cover} alt={work.title ?? "作品"} loading="lazy" className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
      </Link>
      {badge !== undefined || work.aigc_label !== undefined ? (
        <div className="pointer-events-none absolute left-2 top-2 flex items-center gap-1">
          {badge}
          <AigcNotice label={work.aigc_label} />
        </div>
      ) : null}
      {/* title and likes keep to the left: the bottom-right corner shows the 本地演示引擎 caption of offline pictures */}
      <div className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end bg-gradient-to-t from-black/60 to-transparent p-2.5 pt-8 text-xs text-white">
        <span className="flex max-w-[70%] min-w-0 gap-2">
          <span className="truncate">{work.title ?? ""}</span>
          <span className="shrink-0" data-testid="work-tile-likes">♥ {work.stat.like_count}</span>
        </span>
      </div>
      {actions !== undefined && <div className="absolute right-2 top-2 flex gap-1.5 opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100">{actions}</div>}
    </div>
  )
}

export const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5 2xl:grid-cols-6"
