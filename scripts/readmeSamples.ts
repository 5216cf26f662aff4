import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import ts from "typescript"

// Type-checks the code samples of the packages' READMEs (issue 28: a consumer's guide whose samples
// compile). Run by packages/core/src/readme.test.ts: one program, only the samples' diagnostics.

export interface Sample {
  readonly lang: "ts" | "tsx"
  readonly code: string
}

/** The fenced ```ts and ```tsx blocks of a Markdown text, in order. */
export const fencedSamples = (markdown: string): ReadonlyArray<Sample> =>
  [...markdown.matchAll(/^```(tsx?)\n([\s\S]*?)^```/gm)].map((match) => ({ lang: match[1] as Sample["lang"], code: match[2] ?? "" }))

/**
 * Each sample as a module of its own beside its README (so packages resolve as in the repo, through
 * the workspace sources), under a consumer's settings: strict, bundler resolution, ES2022 and the
 * DOM (no Node types: a sample that needs them says so in an import). All READMEs in one program,
 * which type-checks the core once. Gives one line per problem ("packages/core/readme-sample-2.ts:4: …"),
 * none when every sample compiles.
 */
export const typeCheckReadmes = (root: string, readmePaths: ReadonlyArray<string>): ReadonlyArray<string> => {
  const samples = new Map(readmePaths.flatMap((readmePath) =>
    fencedSamples(readFileSync(join(root, readmePath), "utf8")).map((sample, index) =>
      [join(root, dirname(readmePath), `readme-sample-${index + 1}.${sample.lang}`), sample.code] as const)))
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
    types: [],
    jsx: ts.JsxEmit.ReactJSX,
    // the monorepo's sources stand in for the built package: the samples check against the same exports
    customConditions: ["@mido/source"]
  }
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, getSourceFile } = host
  host.fileExists = (file) => samples.has(file) || fileExists(file)
  host.readFile = (file) => samples.get(file) ?? readFile(file)
  host.getSourceFile = (file, language, ...rest) => {
    const code = samples.get(file)
    return code === undefined ? getSourceFile(file, language, ...rest) : ts.createSourceFile(file, code, language)
  }
  const program = ts.createProgram([...samples.keys()], options, host)
  return [...samples.keys()].flatMap((file) => {
    const source = program.getSourceFile(file)
    if (source === undefined) return [`${file}: not compiled`]
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((diagnostic) => {
      const line = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line + 1
      return `${file.slice(root.length + 1)}:${line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`
    })
  })
}

/** How many samples a README has (a test checks it found them, so a broken fence cannot pass as "no errors"). */
export const sampleCount = (root: string, readmePath: string): number => fencedSamples(readFileSync(join(root, readmePath), "utf8")).length
