/** Structured log lines (one JSON object per line) with the request id when there is one. */
export interface Log {
  readonly info: (message: string, fields?: Record<string, unknown>) => void
  readonly warn: (message: string, fields?: Record<string, unknown>) => void
  readonly error: (message: string, fields?: Record<string, unknown>) => void
}

export const jsonLog = (write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Log => {
  const emit = (level: string) => (message: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }))
  return { info: emit("info"), warn: emit("warn"), error: emit("error") }
}

export const silentLog: Log = { info: () => {}, warn: () => {}, error: () => {} }
