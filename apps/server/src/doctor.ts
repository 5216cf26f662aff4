// The operator's doctor command (npm run doctor -w @mido/server [-- --json]): the server's environment
// read as the server reads it, every configured outside service checked with a harmless call, and a
// report of what works and what is wrong. Secrets are never printed. Exit code 0 only when all pass.
import { readConfig } from "./platform/config.js"
import { formatReport, redact, runChecks, secretsOf } from "./platform/doctorReport.js"
import { serviceChecksOf } from "./adapters/serviceChecks.js"

const json = process.argv.includes("--json")
const secrets = secretsOf(process.env)

const report = async (): Promise<boolean> => {
  let config
  try {
    config = readConfig(process.env)
  } catch (error) {
    const results = [{ name: "config", ok: false, detail: redact(error instanceof Error ? error.message : String(error), secrets), ms: 0 }]
    process.stdout.write(`${json ? JSON.stringify({ ok: false, checks: results }) : formatReport(results)}\n`)
    return false
  }
  const results = await runChecks(serviceChecksOf(config, process.env), secrets)
  const ok = results.every((result) => result.ok)
  process.stdout.write(`${json ? JSON.stringify({ ok, checks: results }) : formatReport(results)}\n`)
  return ok
}

const passed = await report()
// a vendor SDK's keep-alive sockets would hold the process open: leave once the report is written
process.stdout.write("", () => process.exit(passed ? 0 : 1))
