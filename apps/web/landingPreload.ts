import type { Plugin } from "vite"

/** The landing page's module (/list, the square): its chunk is what the first load fetches after the entry. */
const LANDING_MODULE = /\/src\/pages\/Square\/SquarePage\.tsx$/
/**
 * What the app's first call loads: the live Http's ofetch (ADR 0029), and the client's Schema code with
 * the start's routes (ADR 0032).
 */
const STARTUP_CHUNK_MODULES = [/\/node_modules\/ofetch\//, /\/packages\/core\/src\/services\/schemaCode\.ts$/]

/**
 * Writes landing-preload.json beside index.html: the square page's chunk and the chunks it imports
 * statically, minus the entry's own (ADR 0028). The server names them in `<link rel="modulepreload">`
 * in the HTML of / and /list only (apps/server/src/features/webApp/landingPage.ts), so the page's code
 * downloads beside the entry instead of after the entry has run; index.html itself stays the same for
 * every other page, and the first-load budget (bench/web-first-load.mjs) counts what it did before.
 */
export const landingPreload = (): Plugin => ({
  name: "mido:landing-preload",
  apply: "build",
  generateBundle(_options, bundle) {
    const chunks = Object.values(bundle).flatMap((output) => (output.type === "chunk" ? [output] : []))
    const landing = chunks.find((chunk) => chunk.facadeModuleId !== null && LANDING_MODULE.test(chunk.facadeModuleId.replaceAll("\\", "/")))
    if (landing === undefined) return
    const entryFiles = new Set<string>()
    const closure = (fileName: string, into: Set<string>) => {
      if (into.has(fileName)) return
      into.add(fileName)
      for (const imported of chunks.find((chunk) => chunk.fileName === fileName)?.imports ?? []) closure(imported, into)
    }
    for (const entry of chunks.filter((chunk) => chunk.isEntry)) closure(entry.fileName, entryFiles)
    const files = new Set<string>()
    closure(landing.fileName, files)
    // ofetch and the Schema code are chunks of their own (ADR 0029, ADR 0032) that the app asks for with
    // its first call, at start: named here, they download beside the entry instead of one round trip
    // after the entry has run
    const startsWithTheApp = (id: string) => STARTUP_CHUNK_MODULES.some((pattern) => pattern.test(id.replaceAll("\\", "/")))
    for (const chunk of chunks) if (Object.keys(chunk.modules).some(startsWithTheApp)) closure(chunk.fileName, files)
    const preloads = [...files].filter((fileName) => !entryFiles.has(fileName)).map((fileName) => `/${fileName}`)
    this.emitFile({ type: "asset", fileName: "landing-preload.json", source: `${JSON.stringify(preloads)}\n` })
  }
})
