import { and, desc, eq, gt, ilike, isNull, or, sql, type SQL } from "drizzle-orm"
import type { Db } from "../../db/database.js"
import { beanLedger, orders, wallets } from "../../db/schema/commerce.js"
import { tasks } from "../../db/schema/tasks.js"
import { sessions, users } from "../../db/schema/users.js"
import { fenToYuan } from "@mido/core"
import { chinaDateTime } from "../../platform/chinaTime.js"

/** How many of a user's latest ledger rows, orders and tasks the record shows. */
export const RECENT_ROWS = 20

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`)

const rowColumns = {
  uid: users.uid,
  phone: users.phone,
  nickname: users.nickname,
  vipLevel: users.vipLevel,
  bannedAt: users.bannedAt,
  createdAt: users.createdAt,
  balance: sql<number>`coalesce(${wallets.balance}, 0)::int`
}

type Row = { uid: number; phone: string | null; nickname: string; vipLevel: number; bannedAt: Date | null; createdAt: Date; balance: number }

const rowOf = (row: Row) => ({
  uid: row.uid,
  phone: row.phone ?? "",
  nickname: row.nickname,
  balance: Number(row.balance),
  vip_level: row.vipLevel,
  banned: row.bannedAt !== null,
  created_at_str: chinaDateTime(row.createdAt)
})

/** 用户 search: digits match the uid exactly or the phone in part; any text matches the nickname in part. */
export const searchUsers = async (db: Db, q: string, page: number, size: number) => {
  const text = q.trim()
  const like = `%${escapeLike(text)}%`
  const matches: Array<SQL | undefined> = text === "" ? [] : [ilike(users.nickname, like), ilike(users.phone, like)]
  if (/^\d{1,15}$/.test(text)) matches.push(eq(users.uid, Number(text)))
  const where = text === "" ? undefined : or(...matches)
  const rows = await db.select(rowColumns).from(users).leftJoin(wallets, eq(wallets.uid, users.uid)).where(where).orderBy(desc(users.uid)).limit(size).offset((page - 1) * size)
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where)
  return { list: rows.map(rowOf), total: count?.total ?? 0 }
}

/** A user's record for the console, or undefined when there is no such account. */
export const userRecord = async (db: Db, uid: number, now: Date) => {
  const [row] = await db.select({ ...rowColumns, banReason: users.banReason }).from(users).leftJoin(wallets, eq(wallets.uid, users.uid)).where(eq(users.uid, uid)).limit(1)
  if (row === undefined) return undefined
  const ledger = await db.select().from(beanLedger).where(eq(beanLedger.uid, uid)).orderBy(desc(beanLedger.id)).limit(RECENT_ROWS)
  const orderRows = await db.select().from(orders).where(eq(orders.uid, uid)).orderBy(desc(orders.id)).limit(RECENT_ROWS)
  const taskRows = await db.select().from(tasks).where(eq(tasks.uid, uid)).orderBy(desc(tasks.createdAt)).limit(RECENT_ROWS)
  const live = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.uid, uid), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
  return {
    user: rowOf(row),
    ban_reason: row.banReason,
    banned_at_str: row.bannedAt === null ? null : chinaDateTime(row.bannedAt),
    ledger: ledger.map((entry) => ({ id: entry.id, kind: entry.kind, remark: entry.remark, amount: Number(entry.actionAmount), balance_after: Number(entry.balanceAfter), created_at_str: chinaDateTime(entry.createdAt) })),
    orders: orderRows.map((order) => ({ trade_no: order.tradeNo, item_name: order.itemName, status: order.status, payable_yuan: fenToYuan(Number(order.payableFen)).toFixed(2), created_at_str: chinaDateTime(order.createdAt) })),
    tasks: taskRows.map((task) => ({ id: task.id, type: task.type, status: task.status, engine: task.engineLabel, cost: task.cost, refunded: task.refunded, created_at_str: chinaDateTime(task.createdAt) })),
    sessions: live.map((session) => ({ created_at_str: chinaDateTime(session.createdAt), expires_at_str: chinaDateTime(session.expiresAt) }))
  }
}
