import type { ToastStore } from "../ToastStore.js"

/** The refusal shown before a submit the balance cannot pay. */
export const shortBalanceText = (points: number, balance: number): string =>
  `米豆不足：本次需要 ${points} 米豆，当前余额 ${balance} 米豆，请先充值`

/** What a creation page does when the balance cannot pay a task: nothing is sent. */
export type ShortBalanceRefusal = (points: number, balance: number) => void

/**
 * A short balance says why (the toast) and offers beans at once: the purchase dialog opens on its
 * 米豆套餐 tab (`offerBeans`, RootStore.openPurchase("points")). Opening it directly rather than a toast
 * action: the person has just asked to spend beans they do not have, so topping up is the next step,
 * and a 3-second toast is no place for a button.
 */
export const refuseShortBalance = (toasts: ToastStore, offerBeans?: () => void): ShortBalanceRefusal =>
  (points, balance) => {
    toasts.error(shortBalanceText(points, balance))
    offerBeans?.()
  }
