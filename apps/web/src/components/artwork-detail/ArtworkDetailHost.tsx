import { useSearchParams } from "react-router-dom"
import { onDemand } from "../ui/onDemand"

/** The search parameter that opens the artwork detail dialog anywhere in the main layout (`?artwork=<id>`). */
export const ARTWORK_PARAM = "artwork"

const ArtworkDetailDialog = onDemand<{ open: boolean; artworkId: string }>(
  async () => (await import("./ArtworkDetailDialog")).ArtworkDetailDialog
)

/**
 * Opens the artwork detail dialog (spec §2) when the address has `?artwork=<id>`: any page opens it by
 * adding the parameter, so it is deep-linkable and Back closes it. The dialog's code and store arrive
 * with its first opening, out of /list's first load.
 */
export function ArtworkDetailHost() {
  const [search] = useSearchParams()
  const artworkId = search.get(ARTWORK_PARAM)
  return <ArtworkDetailDialog open={artworkId !== null} artworkId={artworkId ?? ""} />
}
