import { Effect, Exit, Option, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { samplePayingOrder } from "../api/examples/accountSamples.js"
import { NetworkError } from "../api/ApiErrors.js"
import type { Balance } from "../api/schemas/Balance.js"
import { Order } from "../api/schemas/Order.js"
import { CouponMessages } from "../domain/coupon/couponMessages.js"
import { artworksMembers, type ArtworksShape } from "./Artworks.js"
import { checkoutMembers, type CheckoutShape } from "./Checkout.js"
import { deferredFacade } from "./deferredService.js"
import { downloadsMembers, type DownloadsShape } from "./Downloads.js"
import type { UploadFile } from "./ossUpload.js"
import { noUnread } from "../domain/message/unreadCounts.js"
import { inboxMembers, type InboxShape } from "./Inbox.js"
import { makeObservable } from "./observable.js"
import { remindersMembers, type RemindersShape } from "./Reminders.js"
import { uploadsMembers, type UploadsShape } from "./Uploads.js"
import { walletMembers, type WalletShape } from "./Wallet.js"

// The service tests run each deferred service end to end through the real import of its code
// (deferredServices.ts). These cover what they cannot: the code could not be fetched (offline,
// onFirstUse), and each member answers as its service's plan (xMembers in X.ts) says.

const offline = new NetworkError({ route: "code:Service", reason: "Failed to fetch dynamically imported module" })

/** An implementation that cannot be had, counting how often it was asked for. */
const unreachable = <S>() => {
  let asked = 0
  const implementation: Effect.Effect<S, NetworkError> = Effect.suspend(() => {
    asked += 1
    return Effect.fail(offline)
  })
  return { implementation, asked: () => asked }
}

const order = Schema.decodeUnknownSync(Order)(samplePayingOrder)
const file: UploadFile = { name: "a.png", type: "image/png", size: 8, blob: new Blob([new Uint8Array(8)], { type: "image/png" }) }
const card = { id: 52031, is_like: false, stat: { like_count: 3 }, user_uid: 7, is_follow: false, is_owner: false, user_stat: { follower_count: 9 } }

const checkout = deferredFacade(checkoutMembers, unreachable<CheckoutShape>().implementation)
const uploads = deferredFacade(uploadsMembers, unreachable<UploadsShape>().implementation)
const artworks = deferredFacade(artworksMembers, unreachable<ArtworksShape>().implementation)
const downloads = deferredFacade(downloadsMembers, unreachable<DownloadsShape>().implementation)
const reminders = deferredFacade(remindersMembers, unreachable<RemindersShape>().implementation)
const inboxCode = unreachable<InboxShape>()
const wallet = deferredFacade(walletMembers(makeObservable(Option.none<Balance>())), unreachable<WalletShape>().implementation)
const inbox = deferredFacade(inboxMembers(makeObservable(noUnread)), inboxCode.implementation)

/** What a store sees: the value, or the typed failure (a defect would be a generic toast, not this). */
const outcome = async (effect: Effect.Effect<unknown, unknown>) => {
  const exit = await Effect.runPromiseExit(effect)
  return Exit.isSuccess(exit) ? { value: exit.value } : { failure: Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error : exit.cause }
}

describe("services loaded on first use, when their code cannot be fetched (spec §8 texts)", () => {
  it.each<[string, Effect.Effect<unknown, unknown>, unknown]>([
    ["Checkout.plans fails with the network error", checkout.plans, { failure: offline }],
    ["Checkout.pointsPackages fails with the network error", checkout.pointsPackages, { failure: offline }],
    ["Checkout.applyCoupon gives the failed-check outcome, as when the check call fails", checkout.applyCoupon({ code: "MIDO10", item: { kind: "plan", priceYuan: 29.9 } }), { value: { ok: false, message: CouponMessages.checkFailed } }],
    ["Checkout.createOrder fails with the network error", checkout.createOrder({ type: "plan", type_id: 2, pay_method: "wechat", agreed: true }), { failure: offline }],
    ["Checkout.awaitPayment fails with the network error", checkout.awaitPayment(order, "plan"), { failure: offline }],
    ["Checkout.closeOrder fails with the network error", checkout.closeOrder(order.trade_no, "plan"), { failure: offline }],
    ["Uploads.uploadToOss fails as a broken upload (上传失败，请检查网络后重试)", uploads.uploadToOss(file), { failure: { _tag: "UploadFailed", status: undefined, message: "上传失败，请检查网络后重试" } }],
    ["Uploads.uploadMultipart fails with the network error", uploads.uploadMultipart(file), { failure: offline }],
    ["Uploads.uploadViaApi fails with the network error", uploads.uploadViaApi(file), { failure: offline }],
    ["Artworks.info fails with the network error", artworks.info(52031), { failure: offline }],
    ["Artworks.like leaves the heart as it was, the network error as the reason", artworks.like(card), { value: { _tag: "Unchanged", artwork: card, error: offline } }],
    ["Artworks.follow leaves the follow as it was, the network error as the reason", artworks.follow(card), { value: { _tag: "Unchanged", artwork: card, error: offline } }],
    ["Downloads.downloadImage is a failed download: false, only logged", downloads.downloadImage("https://cdn.mido.example.com/a.png"), { value: false }],
    ["Downloads.downloadZip saves nothing: 0 images", downloads.downloadZip(["https://cdn.mido.example.com/a.png"]), { value: 0 }],
    ["Reminders.due fails with the network error (the store shows no reminder)", reminders.due(), { failure: offline }],
    ["Reminders.markShown remembers nothing and does not fail", reminders.markShown(1), { value: undefined }],
    ["Inbox.unreadCounts fails with the network error", inbox.unreadCounts, { failure: offline }],
    ["Inbox.openDrawer fails with the network error (the drawer shows it)", inbox.openDrawer, { failure: offline }],
    ["Inbox.leaveTab marks nothing read: nothing was loaded", inbox.leaveTab("system"), { value: [] }],
    ["Inbox.closeDrawer closes: nothing was loaded to mark read", inbox.closeDrawer, { value: { open: false } }],
    ["Wallet.balance fails with the network error", wallet.balance, { failure: offline }],
    ["Wallet.ledgerPage fails with the network error", wallet.ledgerPage(1, "all"), { failure: offline }],
    ["Wallet.current answers at once: no balance known yet", wallet.current, { value: Option.none() }]
  ])("%s", async (_name, effect, expected) => {
    expect(await outcome(effect)).toMatchObject(expected as object)
  })

  it("what needs no code of its own answers without fetching it: validate, info without an id", async () => {
    const uploadsCode = unreachable<UploadsShape>()
    const artworksCode = unreachable<ArtworksShape>()
    const localUploads = deferredFacade(uploadsMembers, uploadsCode.implementation)
    const localArtworks = deferredFacade(artworksMembers, artworksCode.implementation)
    expect(localUploads.validate([{ name: "a.gif", type: "image/gif", size: 8 }])).toEqual({ ok: false, message: "只能上传 png, jpg, jpeg 格式的图片" })
    expect(await outcome(localArtworks.info(undefined))).toMatchObject({ failure: { _tag: "ArtworkIdMissing", message: "请传入作品ID" } })
    expect([uploadsCode.asked(), artworksCode.asked()]).toEqual([0, 0])
  })

  it("the bell's counts answer and follow at once, without fetching Inbox's code", async () => {
    const code = unreachable<InboxShape>()
    const counts = makeObservable(noUnread)
    const local = deferredFacade(inboxMembers(counts), code.implementation)
    const seen: Array<number> = []
    local.subscribe((next) => seen.push(next.total))
    counts.publish({ ...noUnread, total: 3 })
    expect([await Effect.runPromise(local.unread), seen, local.hasMore(20, 21), code.asked()]).toEqual([{ ...noUnread, total: 3 }, [3], true, 0])
  })
})
