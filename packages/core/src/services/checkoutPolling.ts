import { Duration, Effect } from "effect"
import type { CallError } from "../api/ApiErrors.js"
import type { Order } from "../api/schemas/Order.js"
import { ORDER_POLL_INTERVAL_MS } from "../domain/order/checkoutReducer.js"
import { PAYMENT_UNCONFIRMED_MESSAGE, PaymentUnconfirmed } from "./checkoutErrors.js"

/** R29: the client stops asking after 10 minutes; the server's own reconciliation takes over (R28). */
export const PAYMENT_WAIT_LIMIT_MS = 10 * 60 * 1000

/** R29: after network errors the gaps grow from 2 s, doubling, up to 30 s. */
export const POLL_BACKOFF_CAP_MS = 30_000

/**
 * The wait before the next order/check (R29): 2000 ms normally (spec §9); after n consecutive network
 * errors 2000 · 2^(n−1) ms capped at 30 s, so the first failed poll is simply retried at the next tick.
 */
export const pollDelayMs = (consecutiveFailures: number): number =>
  consecutiveFailures <= 1
    ? ORDER_POLL_INTERVAL_MS
    : Math.min(ORDER_POLL_INTERVAL_MS * 2 ** (consecutiveFailures - 1), POLL_BACKOFF_CAP_MS)

/**
 * Spec §4, OR1–OR2, R29: asks for the order's status every 2000 ms, one request at a time, until it is
 * no longer paying (success, timeout, fail or closed). A network error is logged and retried (with
 * the back-off above): one failed poll must not end the wait for a payment the user may be making.
 * Any other failure ends it: -401 has logged out (R9: pollers stop), code ≠ 0 and undecodable
 * answers would not get better by asking again. After 10 minutes: PaymentUnconfirmed.
 */
export const pollOrder = (
  check: (tradeNo: string) => Effect.Effect<Order, CallError>,
  order: Order
): Effect.Effect<Order, CallError | PaymentUnconfirmed> => {
  const poll = (failures: number): Effect.Effect<Order, CallError> =>
    Effect.sleep(Duration.millis(pollDelayMs(failures))).pipe(
      Effect.zipRight(check(order.trade_no)),
      Effect.matchEffect({
        onFailure: (error) =>
          error._tag === "NetworkError"
            ? Effect.zipRight(
              Effect.logWarning("order poll failed; retrying", error.reason),
              Effect.suspend(() => poll(failures + 1))
            )
            : Effect.fail(error),
        onSuccess: (fresh) => (fresh.status === "paying" ? Effect.suspend(() => poll(0)) : Effect.succeed(fresh))
      })
    )
  return poll(0).pipe(
    Effect.timeoutFail({
      duration: Duration.millis(PAYMENT_WAIT_LIMIT_MS),
      onTimeout: () => new PaymentUnconfirmed({ tradeNo: order.trade_no, message: PAYMENT_UNCONFIRMED_MESSAGE })
    })
  )
}
