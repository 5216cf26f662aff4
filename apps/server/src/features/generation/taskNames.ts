import type { TaskSubmit } from "@mido/core/generation"
import type { EngineCatalogList, ImageEngine } from "../../adapters/engine/imageEnginePort.js"
import { sdModels } from "../../db/schema/artworks.js"
import type { ServerDeps } from "../../platform/deps.js"
import { cachedCatalog, refreshedOnMiss } from "./engineCatalogCache.js"
import { badInput } from "./generationRefusal.js"
import { MJ_VERSIONS, QUICK_STYLES } from "./quickPresets.js"
import { needsEngineCatalog, type OfferedNames, unknownNameOf } from "./submitNames.js"

const NO_CATALOG: EngineCatalogList = { checkpoints: [], loras: [], samplers: [], schedulers: [], upscalers: [] }

/**
 * The offline 本地演示引擎 draws any model of the site's online-SD catalogue in a demo style (same-style
 * and 添加到我的模型 name them), so for it those count as offered, by name and by file.
 */
const siteModelsOf = async (deps: Pick<ServerDeps, "db">) => {
  const rows = await deps.db.select({ type: sdModels.type, name: sdModels.name, files: sdModels.files }).from(sdModels)
  const namesOf = (type: string) => rows.filter((row) => row.type === type).flatMap((row) => [row.name, ...row.files.map((file) => file.name)])
  return { checkpoints: namesOf("Checkpoint"), loras: namesOf("LoRA") }
}

/**
 * At submit, before any charge (issue 26 item 3, ADR 0014): every name the task sends is one its
 * engine offers (the live catalogue, cached) or Mido offers (MJ versions, quick styles); an unknown
 * one is a 400 naming the field. A name not in the cached catalogue reads the catalogue again once
 * (a model just added). An engine that does not answer its catalogue and was never read is not
 * checked: the task is accepted and, if the engine stays down, fails and is refunded (logged).
 */
export const checkSubmitNames = async (deps: Pick<ServerDeps, "db" | "now" | "log">, submit: TaskSubmit, engine: ImageEngine): Promise<void> => {
  const reader = {
    now: deps.now,
    onError: (failed: ImageEngine, error: unknown) => deps.log.warn("engine catalog unreadable at submit", { engine: failed.label, error: String(error) })
  }
  const needsCatalog = needsEngineCatalog(submit, engine.kind)
  const catalog = needsCatalog ? await cachedCatalog(engine, reader) : NO_CATALOG
  if (catalog === undefined) return
  const offered = async (list: EngineCatalogList): Promise<OfferedNames> => ({
    engineKind: engine.kind,
    catalog: list,
    mjVersions: MJ_VERSIONS.map((version) => version.name),
    quickStyles: QUICK_STYLES,
    ...(engine.kind === "offline" && submit.type === "sd" ? { siteModels: await siteModelsOf(deps) } : {})
  })
  let problem = unknownNameOf(submit, await offered(catalog))
  if (problem === undefined) return
  if (needsCatalog) {
    const fresher = await refreshedOnMiss(engine, reader)
    if (fresher !== undefined) problem = unknownNameOf(submit, await offered(fresher))
  }
  if (problem !== undefined) throw badInput(problem.message)
}
