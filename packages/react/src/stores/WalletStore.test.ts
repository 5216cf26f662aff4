import { envelope } from "@mido/core/testing"
import { Effect } from "effect"
import { afterEach, describe, expect, it } from "vitest"
import { ledgerEntries, startupAnswers } from "../../test/fixtures.js"
import { loggedIn, makeWorld, type World } from "../../test/world.js"
import { ledgerLineOf } from "./ledgerLines.js"

let world: World | undefined
const open = (options: Parameters<typeof makeWorld>[0]) => (world = makeWorld(options))
afterEach(async () => {
  await world?.dispose()
  world = undefined
})

const COINS = "/api/v1/user/coin/list"
/** 120 entries for "all", paged by the query the store sends; 3 for "income". */
const ledgerAnswer = () => envelope(0, { list: [], total: 0 })
const answers = {
  ...startupAnswers,
  [COINS]: (request: { query?: Readonly<Record<string, unknown>> }) => {
    const page = Number(request.query?.page)
    if (request.query?.type === "income") return envelope(0, { list: ledgerEntries(900, 3), total: 3 })
    const from = (page - 1) * 50
    return envelope(0, { list: ledgerEntries(from + 1, Math.max(0, Math.min(50, 120 - from))), total: 120 })
  }
}

describe("WalletStore: balance and bean ledger (spec §3, §7, §9)", () => {
  it("follows the balance the core loads, and forgets it on logout", async () => {
    const { store, boot } = open({ answers, stored: loggedIn() })
    await boot()
    expect(await store.wallet.refreshBalance()).toBe(true)
    expect(store.wallet.balance).toEqual({ balance: 3320, today_consumed: 0 })
    await store.session.logout()
    expect(store.wallet.balance).toBeNull()
  })

  it("pages the ledger by 50 until the total, per tab (type income|expense|empty)", async () => {
    const { store, boot, calls } = open({ answers, stored: loggedIn() })
    await boot()
    await store.wallet.openLedger()
    expect(store.wallet.ledger.items).toHaveLength(50)
    expect(calls(COINS)[0]?.query).toEqual({ page: "1", size: "50", type: "" })
    await store.wallet.loadMoreLedger()
    await store.wallet.loadMoreLedger()
    expect(store.wallet.ledger.items).toHaveLength(120)
    expect(store.wallet.ledger.hasMore).toBe(false)
    await store.wallet.loadMoreLedger()
    expect(calls(COINS)).toHaveLength(3)

    await store.wallet.selectLedgerTab("income")
    expect(calls(COINS)[3]?.query).toEqual({ page: "1", size: "50", type: "income" })
    expect(store.wallet.ledger.items.map((entry) => entry.id)).toEqual([900, 901, 902])
    expect(store.wallet.ledger.hasMore).toBe(false)
    store.wallet.closeLedger()
    expect(store.wallet.ledger.items).toEqual([])
    expect(store.wallet.ledgerTab).toBe("all")
  })

  it("the dialog is open from openLedger to closeLedger, and a logout closes it; lines read as LG1–LG2 say (ledgerLineOf)", async () => {
    const { store, boot } = open({ answers, stored: loggedIn() })
    await boot()
    await store.wallet.openLedger()
    expect(store.wallet.ledgerOpen).toBe(true)
    const [entry] = store.wallet.ledger.items
    expect(ledgerLineOf(entry!, Date.UTC(2026, 10, 22, 10, 45))).toEqual({ amountText: "-8", tone: "expense", timeText: "15分钟前" })
    store.wallet.closeLedger()
    expect(store.wallet.ledgerOpen).toBe(false)
    await store.wallet.openLedger()
    await store.session.logout()
    expect(store.wallet.ledgerOpen).toBe(false)
    expect(store.wallet.ledger.items).toEqual([])
  })

  it("an empty first page is the empty state", async () => {
    const { store, boot } = open({ answers: { ...answers, [COINS]: ledgerAnswer }, stored: loggedIn() })
    await boot()
    await store.wallet.openLedger("expense")
    expect(store.wallet.ledger.isEmpty).toBe(true)
    expect(store.wallet.ledger.hasMore).toBe(false)
  })

  it("a failed page shows the server's msg; -401 logs out without a toast", async () => {
    const { store, boot, server, toasts, unauthorized } = open({
      answers: { ...answers, [COINS]: () => envelope(4001, null, "账单加载失败") },
      stored: loggedIn()
    })
    await boot()
    await store.wallet.openLedger()
    expect(toasts()).toEqual(["error:账单加载失败"])
    expect(store.wallet.ledger.loading).toBe(false)

    server[COINS] = () => envelope(-401, null, "请先登录")
    await store.wallet.loadMoreLedger()
    expect(toasts()).toEqual(["error:账单加载失败"])
    expect(unauthorized).toHaveBeenCalledTimes(1)
    expect(store.session.isLoggedIn).toBe(false)
  })
})

describe("WalletStore: the latest tab wins", () => {
  it("a page of the tab left behind arrives after the new tab's and is dropped", async () => {
    let release: () => void = () => undefined
    const slow = new Promise<void>((resolve) => (release = resolve))
    const { store, boot } = open({
      answers: {
        ...answers,
        [COINS]: (request) =>
          request.query?.type === "expense"
            ? Effect.as(Effect.promise(() => slow), envelope(0, { list: ledgerEntries(500, 2), total: 2 }))
            : answers[COINS](request)
      },
      stored: loggedIn()
    })
    await boot()
    const expense = store.wallet.openLedger("expense")
    await store.wallet.selectLedgerTab("income")
    release()
    await expense
    expect(store.wallet.ledgerTab).toBe("income")
    expect(store.wallet.ledger.items.map((entry) => entry.id)).toEqual([900, 901, 902])
  })
})
