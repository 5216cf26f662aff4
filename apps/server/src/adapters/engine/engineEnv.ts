/**
 * Reading engine variables from the environment while collecting every problem, so a misconfigured
 * server says everything that is wrong in one start-up error instead of one mistake per restart.
 * Messages name the variable and what to set; they never echo a secret's value.
 */
export interface EnvReader {
  /** the trimmed value; undefined when unset or blank */
  readonly text: (name: string) => string | undefined
  /** an http(s) URL without trailing slashes; a problem when it does not parse or carries credentials */
  readonly url: (name: string, example: string, credentialsHint: string) => string | undefined
  /** a whole number ≥ `min`, or `fallback` when unset */
  readonly integer: (name: string, fallback: number, min: number, unit: string) => number
  /** true / false (any case), or `fallback` when unset */
  readonly flag: (name: string, fallback: boolean) => boolean
  readonly problem: (message: string) => void
  readonly problems: ReadonlyArray<string>
}

export const envReader = (env: NodeJS.ProcessEnv): EnvReader => {
  const problems: string[] = []
  const problem = (message: string) => {
    problems.push(message)
  }
  const text = (name: string) => {
    const raw = env[name]?.trim()
    return raw === undefined || raw === "" ? undefined : raw
  }
  const url = (name: string, example: string, credentialsHint: string) => {
    const raw = text(name)
    if (raw === undefined) return undefined
    let parsed: URL
    try {
      parsed = new URL(raw)
    } catch {
      problem(`${name}=${JSON.stringify(raw)} is not a URL: set it to an http(s) address such as ${example}`)
      return undefined
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      problem(`${name} must be an http:// or https:// address (got ${parsed.protocol}), such as ${example}`)
      return undefined
    }
    if (parsed.username !== "" || parsed.password !== "") {
      problem(`${name} must not carry a user name or password: ${credentialsHint}`)
      return undefined
    }
    return raw.replace(/\/+$/, "")
  }
  const integer = (name: string, fallback: number, min: number, unit: string) => {
    const raw = text(name)
    if (raw === undefined) return fallback
    const value = /^\d+$/.test(raw) ? Number(raw) : Number.NaN
    if (!Number.isSafeInteger(value) || value < min) {
      problem(`${name}=${JSON.stringify(raw)} must be a whole number of ${unit}, at least ${min}`)
      return fallback
    }
    return value
  }
  const flag = (name: string, fallback: boolean) => {
    const raw = text(name)?.toLowerCase()
    if (raw === undefined) return fallback
    if (raw === "true" || raw === "false") return raw === "true"
    problem(`${name} must be true or false`)
    return fallback
  }
  return { text, url, integer, flag, problem, problems }
}
