/** A toolbox card as config gives it (spec §3 Tool). */
export interface ToolCard {
  readonly key: string
  readonly name: string
  readonly description: string
  readonly cover: string
  readonly path: string
}

export interface ToolGroup {
  readonly name: string
  readonly tools: ReadonlyArray<ToolCard>
}

/** The toolbox's groups, in order; a key config adds later lands in 更多工具. */
const GROUPS: ReadonlyArray<{ readonly name: string; readonly keys: ReadonlyArray<string> }> = [
  { name: "画质增强", keys: ["hd-repair", "old-photo-restoration"] },
  { name: "抠图与消除", keys: ["discount", "remove-watermark", "element-elimination"] },
  { name: "创意改图", keys: ["style-avatar", "redraw"] }
]

/** The tools of config in the toolbox's groups (config's order inside a group); empty groups are left out. */
export const toolGroupsOf = (tools: ReadonlyArray<ToolCard>): ReadonlyArray<ToolGroup> => {
  const known = new Set(GROUPS.flatMap((group) => group.keys))
  const groups = GROUPS.map((group) => ({ name: group.name, tools: tools.filter((tool) => group.keys.includes(tool.key)) }))
  return [...groups, { name: "更多工具", tools: tools.filter((tool) => !known.has(tool.key)) }].filter((group) => group.tools.length > 0)
}
