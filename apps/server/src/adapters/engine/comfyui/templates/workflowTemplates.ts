import { readFileSync } from "node:fs"
import { basename, join } from "node:path"
import { EngineError } from "../../imageEnginePort.js"
import { parseTemplate, RECIPES, type Recipe, type WorkflowTemplate } from "./workflowTemplate.js"

/**
 * The operator's workflow templates (MIDO_COMFYUI_WORKFLOWS=<dir>, ADR 0015): `<dir>/mido-workflows.json`
 * maps checkpoint families to template files in the same directory:
 *
 *   { "families": [ { "name": "flux", "checkpoints": ["flux1-*"], "txt2img": "flux-txt2img.json" }, … ] }
 *
 * A checkpoint takes the first family with a matching pattern (`*` is any text, case ignored); no match
 * keeps Mido's built-in graph (SD1.x / SDXL). A family without a template for the recipe asked refuses
 * it, unless it says `"otherwise": "builtin"`. Everything is read and checked once at start.
 */

export const MAPPING_FILE = "mido-workflows.json"

interface Family {
  readonly name: string
  readonly patterns: ReadonlyArray<RegExp>
  readonly recipes: Partial<Record<Recipe, WorkflowTemplate>>
  readonly builtinOtherwise: boolean
}

export type TemplateChoice = { readonly kind: "builtin" } | { readonly kind: "template"; readonly template: WorkflowTemplate }

export interface WorkflowTemplates {
  /** the template drawing `recipe` for this checkpoint; a `rejected` EngineError when its family cannot */
  readonly choose: (checkpoint: string, recipe: Recipe) => TemplateChoice
  readonly families: ReadonlyArray<string>
}

const globToRegExp = (glob: string) => new RegExp(`^${glob.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`, "i")
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)
const FAMILY_KEYS = new Set(["name", "checkpoints", "otherwise", ...Object.keys(RECIPES)])

const readJson = (path: string, shown: string, problems: Array<string>): unknown => {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (error) {
    problems.push(`${shown}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
    return undefined
  }
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    problems.push(`${shown}: is not JSON (${error instanceof Error ? error.message : String(error)})`)
    return undefined
  }
}

/** Reads and checks the directory; every problem names its file (and placeholder), none stops the reading early. */
export const loadWorkflowTemplates = (dir: string): { templates?: WorkflowTemplates; problems: ReadonlyArray<string> } => {
  const problems: Array<string> = []
  const mapping = readJson(join(dir, MAPPING_FILE), MAPPING_FILE, problems)
  if (mapping === undefined) return { problems }
  if (!isObject(mapping) || !Array.isArray(mapping.families) || mapping.families.length === 0) {
    return { problems: [`${MAPPING_FILE}: needs "families": a list of { name, checkpoints: ["pattern*"], txt2img: "file.json", … }`] }
  }
  const parsed = new Map<string, WorkflowTemplate>()
  const families: Array<Family> = []
  mapping.families.forEach((raw: unknown, index: number) => {
    const where = `${MAPPING_FILE} family ${index + 1}`
    if (!isObject(raw)) return problems.push(`${where}: must be an object`)
    const name = typeof raw.name === "string" && raw.name !== "" ? raw.name : `#${index + 1}`
    for (const key of Object.keys(raw)) if (!FAMILY_KEYS.has(key)) problems.push(`${where} (${name}): unknown key "${key}" (known: ${[...FAMILY_KEYS].join(", ")})`)
    const patterns = Array.isArray(raw.checkpoints) ? raw.checkpoints.filter((each): each is string => typeof each === "string" && each !== "") : []
    if (patterns.length === 0) problems.push(`${where} (${name}): "checkpoints" must list at least one file name pattern, e.g. ["flux1-*"]`)
    if (raw.otherwise !== undefined && raw.otherwise !== "builtin" && raw.otherwise !== "refuse") problems.push(`${where} (${name}): "otherwise" must be "builtin" or "refuse"`)
    const recipes: Partial<Record<Recipe, WorkflowTemplate>> = {}
    for (const recipe of Object.keys(RECIPES) as Array<Recipe>) {
      const file = raw[recipe]
      if (file === undefined) continue
      if (typeof file !== "string" || basename(file) !== file || !file.endsWith(".json")) {
        problems.push(`${where} (${name}): "${recipe}" must be a .json file name in the same directory`)
        continue
      }
      const key = `${recipe}:${file}`
      const known = parsed.get(key)
      if (known !== undefined) {
        recipes[recipe] = known
        continue
      }
      const json = readJson(join(dir, file), file, problems)
      if (json === undefined) continue
      const result = parseTemplate(file, json, recipe)
      problems.push(...result.problems)
      if (result.template !== undefined) parsed.set(key, (recipes[recipe] = result.template))
    }
    if (Object.keys(recipes).length === 0 && !problems.some((each) => each.startsWith(where))) problems.push(`${where} (${name}): names no template (txt2img, img2img or inpaint)`)
    families.push({ name, patterns: patterns.map(globToRegExp), recipes, builtinOtherwise: raw.otherwise === "builtin" })
  })
  if (problems.length > 0) return { problems }
  const choose = (checkpoint: string, recipe: Recipe): TemplateChoice => {
    const family = families.find((each) => each.patterns.some((pattern) => pattern.test(checkpoint) || pattern.test(basename(checkpoint))))
    if (family === undefined) return { kind: "builtin" }
    const template = family.recipes[recipe]
    if (template !== undefined) return { kind: "template", template }
    if (family.builtinOtherwise) return { kind: "builtin" }
    const what = { txt2img: "文生图", img2img: "图生图", inpaint: "局部重绘" }[recipe]
    throw new EngineError("rejected", `该模型（${family.name}）没有${what}的工作流模板，请换一个模型`, `no ${recipe} template for family ${family.name}`)
  }
  return { templates: { choose, families: families.map((each) => each.name) }, problems }
}
