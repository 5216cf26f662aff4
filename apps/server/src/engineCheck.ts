import { buildEngines, readEngineConfig } from "./adapters/engine/engineConfig.js"
import { checkEngines, reportText } from "./features/health/engineReport.js"

/**
 * `npm run engines -w @mido/server`: the operator's engine check (issue 26 item 7, docs/engines.md
 * "Operator's check"). Run it with the server's environment: it reads the same MIDO_ENGINE_* and
 * engine settings, asks every configured engine whether it answers and what it offers, and prints what
 * is wrong in Chinese and English. Exit code 0 when every engine is fine, 1 when one needs attention,
 * 2 when the configuration itself is wrong. Addresses stay in: this is the operator's own terminal.
 */
const main = async (): Promise<number> => {
  let engines
  try {
    engines = buildEngines(readEngineConfig(process.env))
  } catch (error) {
    console.error(`引擎配置有误 / The engine configuration is wrong:\n${error instanceof Error ? error.message : String(error)}`)
    return 2
  }
  const report = await checkEngines(engines)
  console.log(reportText(report))
  return report.ok ? 0 : 1
}

process.exitCode = await main()
