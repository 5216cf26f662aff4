import { useArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { Link, useNavigate, useParams } from "react-router-dom"
import { ArtworkDetailView } from "../../components/artwork-detail/ArtworkDetailView"
import { Logo } from "../../components/layout/Logo"
import { Icon } from "../../components/ui/Icon"

/**
 * /work-detail/{id} (spec §2): the artwork detail as a page of its own, the same view as the dialog;
 * without an id it shows 请传入作品ID (spec §5).
 */
export const WorkDetailPage = observer(function WorkDetailPage() {
  const detail = useArtworkDetailStore()
  const { id } = useParams()
  const navigate = useNavigate()

  useEffect(() => {
    void detail.open(id)
    return () => detail.close()
  }, [detail, id])

  return (
    <div className="min-h-screen">
      <header className="flex h-14 items-center gap-4 border-b border-line bg-surface px-6">
        <Logo />
        <Link to="/list" className="ml-auto inline-flex items-center gap-1 text-sm text-gray-600 hover:text-brand-700">
          <Icon name="arrow-left" size={16} />
          返回灵感广场
        </Link>
      </header>
      <main className="mx-auto max-w-[1600px] px-6 py-5">
        <div className="overflow-hidden rounded-xl bg-surface shadow-md ring-1 ring-line">
          <ArtworkDetailView detail={detail} onNavigate={(path) => navigate(path)} variant="page" />
        </div>
      </main>
    </div>
  )
})
