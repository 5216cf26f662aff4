import pg from "pg"

/**
 * PostgreSQL's LISTEN/NOTIFY between the processes on one database (ADR 0019). A notification is
 * delivered to every session listening on its channel when the notifying statement's transaction
 * commits (or at once outside one), so a write committed before `notify` is visible to whoever wakes.
 */
export interface DatabaseNotifications {
  readonly notify: (channel: string, payload: string) => Promise<void>
  /**
   * Listens on its own connection (a pooled one would be handed to other queries). `onReconnect`
   * runs after the connection was lost and made again: whatever was notified in between is gone.
   */
  readonly listen: (channel: string, onPayload: (payload: string) => void, onReconnect: () => void) => Promise<{ readonly close: () => Promise<void> }>
}

const RECONNECT_MS = 1_000
/** NOTIFY's payload limit is 8000 bytes in the default configuration (the NOTIFY reference page). */
export const NOTIFY_PAYLOAD_LIMIT = 8000

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`

export const postgresNotifications = (url: string, pool: pg.Pool, onError: (error: Error) => void): DatabaseNotifications => ({
  notify: async (channel, payload) => {
    if (Buffer.byteLength(payload) >= NOTIFY_PAYLOAD_LIMIT) throw new Error(`notify: payload of ${Buffer.byteLength(payload)} bytes is over the limit`)
    await pool.query("select pg_notify($1, $2)", [channel, payload])
  },
  listen: async (channel, onPayload, onReconnect) => {
    let closed = false
    let client: pg.Client | undefined
    let retry: NodeJS.Timeout | undefined
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url })
      next.on("notification", (message) => {
        if (message.channel === channel) onPayload(message.payload ?? "")
      })
      // a lost connection (database restart, network) is made again; never an unhandled error
      next.on("error", (error) => {
        onError(error)
        void next.end().catch(() => {})
        if (client === next) client = undefined
        if (!closed) retry = setTimeout(() => void reconnect(), RECONNECT_MS)
      })
      await next.connect()
      await next.query(`listen ${quoteIdentifier(channel)}`)
      client = next
    }
    const reconnect = async () => {
      try {
        await connect()
        onReconnect()
      } catch (error) {
        onError(error instanceof Error ? error : new Error(String(error)))
        if (!closed) retry = setTimeout(() => void reconnect(), RECONNECT_MS)
      }
    }
    await connect()
    return {
      close: async () => {
        closed = true
        clearTimeout(retry)
        await client?.end().catch(() => {})
      }
    }
  }
})
