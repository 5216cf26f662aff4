/**
 * The asset library's tabs (/property, docs/spec/library.md LB): where an own artwork counts. The
 * artwork keeps its spec §3 type (quick, quick_mj, sd, agent); its origin says how it came to be, so
 * an uploaded image or a toolbox result is an sd artwork for the detail dialog but not 在线 SD here.
 */
export type ArtworkOrigin = "draw" | "upload" | "tool"
export type LibraryTypeKey = "quick" | "quick_mj" | "sd" | "agent" | "upload" | "tool"

/** LB1: every tab in the order the library shows them, with its Chinese label. */
export const LIBRARY_TABS: ReadonlyArray<readonly [LibraryTypeKey, string]> = [
  ["quick", "快捷绘画"],
  ["quick_mj", "MJ 模型"],
  ["sd", "在线 SD"],
  ["agent", "智能助手"],
  ["upload", "上传"],
  ["tool", "工具"]
]

/** LB2: an upload counts as 上传 and a tool result as 工具, whatever their type; a drawing by its type. */
export const libraryTypeOf = (type: "quick" | "quick_mj" | "sd" | "agent", origin: ArtworkOrigin): LibraryTypeKey =>
  origin === "draw" ? type : origin

/** LB3: the origin a task's artworks are saved with: a toolbox task makes tool results, every other task draws. */
export const taskOriginOf = (taskType: "quick" | "quick_mj" | "sd" | "agent" | "tool"): ArtworkOrigin => (taskType === "tool" ? "tool" : "draw")
