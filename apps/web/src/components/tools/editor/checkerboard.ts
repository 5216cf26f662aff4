import type { CSSProperties } from "react"

/** The grey-and-white squares behind images that may be transparent (a cut-out's PNG). */
export const CHECKERBOARD: CSSProperties = {
  backgroundColor: "#ffffff",
  backgroundImage: "repeating-conic-gradient(#e5e7eb 0% 25%, #ffffff 0% 50%)",
  backgroundSize: "16px 16px"
}
