import { useArtworkDetailStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { useEffect } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import { Dialog } from "../ui/Dialog"
import { ARTWORK_PARAM } from "./ArtworkDetailHost"
import { ArtworkDetailView } from "./ArtworkDetailView"

/** The address without `?artwork=`: closing the dialog takes the parameter away (the rest is kept). */
const withoutArtwork = (search: string): string => {
  const params = new URLSearchParams(search)
  params.delete(ARTWORK_PARAM)
  const rest = params.toString()
  return rest === "" ? "" : `?${rest}`
}

/**
 * The artwork detail dialog (spec §2): 80% of the window wide, 70 px from the top. It shows the
 * artwork of `?artwork=<id>`; closing removes the parameter (replacing the entry, so Back does not
 * open it again), and Back from the opened address closes it by itself.
 */
export const ArtworkDetailDialog = observer(function ArtworkDetailDialog({ open, artworkId }: { open: boolean; artworkId: string }) {
  const detail = useArtworkDetailStore()
  const navigate = useNavigate()
  const location = useLocation()

  useEffect(() => {
    if (!open) return
    void detail.open(artworkId)
    return () => detail.close()
  }, [detail, open, artworkId])

  const close = () => navigate({ pathname: location.pathname, search: withoutArtwork(location.search), hash: location.hash }, { replace: true, preventScrollReset: true })
  // same-style leaves the page: the dialog's entry is replaced by the drawing page, Back returns to the list
  const go = (path: string) => navigate(path, { replace: true })

  return (
    <Dialog open={open} onClose={close} width="80vw" top={70} hideClose bodyClassName="p-0!" className="overflow-hidden">
      <ArtworkDetailView detail={detail} onClose={close} onNavigate={go} />
    </Dialog>
  )
})
