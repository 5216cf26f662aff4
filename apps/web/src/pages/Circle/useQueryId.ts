import { useSearchParams } from "react-router-dom"

/** The positive integer `?id=` of the circle pages' addresses (spec §2 gives them as query pages), or null. */
export function useQueryId(): number | null {
  const [search] = useSearchParams()
  const id = search.get("id") ?? ""
  return /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null
}
