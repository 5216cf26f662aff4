import type { ServiceCheck } from "./serviceCheck.js"

/** One check past this is reported as not answering; the others still run. */
export const CHECK_TIMEOUT_MS = 15_000

export interface CheckResult {
  readonly name: string
  readonly ok: boolean
  readonly detail: string
  readonly ms: number
}

/** Environment variables whose values are secrets: never printed, even when a vendor's error echoes one. */
const SECRET_NAME = /SECRET|PRIVATE_KEY|API_V3_KEY|TOKEN|PASSWORD/

/** The secret values of this environment (and DATABASE_URL's password), longest first. */
export const secretsOf = (env: NodeJS.ProcessEnv): ReadonlyArray<string> => {
  const values = Object.entries(env).filter(([name, value]) => SECRET_NAME.test(name) && value !== undefined && value.trim().length >= 6).map(([, value]) => (value ?? "").trim())
  try {
    const password = env.DATABASE_URL === undefined ? "" : decodeURIComponent(new URL(env.DATABASE_URL).password)
    if (password.length >= 4) values.push(password)
  } catch {
    // not a URL: the database check says so
  }
  // a PEM's lines are secrets one by one too (an error may quote one line)
  const lines = values.flatMap((value) => value.split(/\r?\n/).map((line) => line.trim()).filter((line) => line.length >= 16 && !line.startsWith("-----")))
  return [...new Set([...values, ...lines])].sort((a, b) => b.length - a.length)
}

export const redact = (text: string, secrets: ReadonlyArray<string>): string =>
  secrets.reduce((redacted, secret) => redacted.split(secret).join("***"), text)

const timedCheck = async (check: ServiceCheck): Promise<CheckResult> => {
  const started = Date.now()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<{ ok: boolean; detail: string }>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${CHECK_TIMEOUT_MS / 1000} s` }), CHECK_TIMEOUT_MS)
  })
  const outcome = await Promise.race([check.check().catch((error: unknown) => ({ ok: false, detail: error instanceof Error ? error.message : String(error) })), timeout])
  clearTimeout(timer)
  return { name: check.name, ok: outcome.ok, detail: outcome.detail, ms: Date.now() - started }
}

/** Runs every check at once; the results in the checks' order, with secrets taken out of every detail. */
export const runChecks = async (checks: ReadonlyArray<ServiceCheck>, secrets: ReadonlyArray<string>): Promise<ReadonlyArray<CheckResult>> =>
  (await Promise.all(checks.map(timedCheck))).map((result) => ({ ...result, detail: redact(result.detail, secrets) }))

/** The human report: one line a check, ✓ or ✗, then a verdict. */
export const formatReport = (results: ReadonlyArray<CheckResult>): string => {
  const width = Math.max(...results.map((result) => result.name.length), 4)
  const lines = results.map((result) => `${result.ok ? "✓" : "✗"} ${result.name.padEnd(width)}  ${result.detail}  (${result.ms} ms)`)
  const failed = results.filter((result) => !result.ok).length
  return [...lines, failed === 0 ? "all checks passed" : `${failed} of ${results.length} checks failed`].join("\n")
}
