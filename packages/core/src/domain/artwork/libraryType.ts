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

const TYPE_LABELS: Readonly<Record<LibraryTypeKey, string>> = Object.fromEntries(LIBRARY_TABS) as Record<LibraryTypeKey, string>

/** The tool a tool result was made with, as its args name it (GA3: key "tool"); undefined when none. */
export const toolNameOf = (args: ReadonlyArray<{ readonly key: string; readonly value?: unknown }> | null | undefined): string | undefined => {
  const value = args?.find((arg) => arg.key === "tool")?.value
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined
}

/**
 * LB4: the detail's type label names an artwork as the library counts it: an upload 上传, a tool
 * result 工具 · its tool (工具 alone when the tool is unknown), a drawing by its type (在线 SD…).
 */
export const detailTypeLabel = (type: "quick" | "quick_mj" | "sd" | "agent", origin: ArtworkOrigin | undefined, toolName?: string): string => {
  const key = libraryTypeOf(type, origin ?? "draw")
  return key === "tool" && toolName !== undefined ? `${TYPE_LABELS.tool} · ${toolName}` : TYPE_LABELS[key]
}
