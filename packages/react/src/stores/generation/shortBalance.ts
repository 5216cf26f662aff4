/** The refusal shown before a submit the balance cannot pay (the purchase dialog is issue 16's). */
export const shortBalanceText = (points: number, balance: number): string =>
  `米豆不足：本次需要 ${points} 米豆，当前余额 ${balance} 米豆，请先充值`
