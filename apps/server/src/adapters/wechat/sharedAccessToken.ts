import { and, eq, sql } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { wechatMpTokens } from "../../db/schema/wechatMp.js"

/**
 * Renew this long before expiry. WeChat's getStableAccessToken doc (developers.weixin.qq.com
 * doc/service/api/base/api_getstableaccesstoken, "access_token 的存储与更新"): in normal mode the
 * platform itself hands out a new token in the last 5 minutes and keeps the old one valid 5 more
 * minutes, so a token renewed 5 minutes early is never refused in between.
 */
export const TOKEN_RENEW_MARGIN_MS = 300_000
/** A refresh that has not finished in this long is taken over (its process died or hangs). */
export const REFRESH_LEASE_MS = 15_000
const WAIT_STEP_MS = 50

export interface FetchedToken {
  readonly accessToken: string
  readonly expiresInSeconds: number
}

export interface SharedAccessToken {
  /** A token valid for at least the renew margin: the stored one, or one this or another process just fetched. */
  readonly current: () => Promise<string>
  /** WeChat refused `token` (40001, 42001): the next `current()` fetches another, once for all processes. */
  readonly discard: (token: string) => Promise<void>
}

const stamp = (date: Date) => sql`${date.toISOString()}::timestamptz`

/**
 * The Official Account's access_token, kept in the database and shared by every process (ADR 0019).
 * One refresh at a time: a process that finds the token stale takes the refresh lease with one
 * conditional upsert (only while nobody holds it and the token is still stale), fetches outside any
 * transaction (no connection or lock is held across the HTTP call, R40), and writes the token back;
 * every other caller waits for that row instead of fetching its own. WeChat's getAccessToken doc
 * (api_getaccesstoken) asks for exactly this "中控服务器": each fetch there invalidates the last token.
 */
export const sharedAccessToken = (db: Db, appId: string, fetchToken: () => Promise<FetchedToken>, now: () => Date = () => new Date()): SharedAccessToken => {
  const fresh = async (): Promise<string | undefined> => {
    const [row] = await db.select().from(wechatMpTokens).where(eq(wechatMpTokens.appId, appId)).limit(1)
    const expiresAt = row?.expiresAt?.getTime() ?? 0
    return row?.accessToken !== null && row?.accessToken !== undefined && expiresAt - TOKEN_RENEW_MARGIN_MS > now().getTime() ? row.accessToken : undefined
  }

  const takeLease = async (): Promise<boolean> => {
    const at = now()
    const leaseEnd = new Date(at.getTime() + REFRESH_LEASE_MS)
    const renewBy = new Date(at.getTime() + TOKEN_RENEW_MARGIN_MS)
    const taken = (await db.execute(sql`
      insert into wechat_mp_tokens (app_id, refreshing_until) values (${appId}, ${stamp(leaseEnd)})
      on conflict (app_id) do update set refreshing_until = excluded.refreshing_until
      where (wechat_mp_tokens.refreshing_until is null or wechat_mp_tokens.refreshing_until < ${stamp(at)})
        and (wechat_mp_tokens.expires_at is null or wechat_mp_tokens.expires_at < ${stamp(renewBy)})
      returning app_id`)) as unknown as { rows: ReadonlyArray<unknown> }
    return taken.rows.length === 1
  }

  const refresh = async (): Promise<string> => {
    try {
      const fetched = await fetchToken()
      await db
        .update(wechatMpTokens)
        .set({ accessToken: fetched.accessToken, expiresAt: new Date(now().getTime() + fetched.expiresInSeconds * 1000), refreshingUntil: null })
        .where(eq(wechatMpTokens.appId, appId))
      return fetched.accessToken
    } catch (error) {
      // the next caller tries at once instead of waiting out the lease
      await db.update(wechatMpTokens).set({ refreshingUntil: null }).where(eq(wechatMpTokens.appId, appId))
      throw error
    }
  }

  return {
    current: async () => {
      const deadline = Date.now() + REFRESH_LEASE_MS * 2
      for (;;) {
        const stored = await fresh()
        if (stored !== undefined) return stored
        if (await takeLease()) return refresh()
        if (Date.now() > deadline) throw new Error("WeChat access_token: another process's refresh did not finish")
        await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS))
      }
    },
    discard: async (token) => {
      // only the refused token: a newer one another process already fetched stays
      await db.update(wechatMpTokens).set({ expiresAt: null }).where(and(eq(wechatMpTokens.appId, appId), eq(wechatMpTokens.accessToken, token)))
    }
  }
}
