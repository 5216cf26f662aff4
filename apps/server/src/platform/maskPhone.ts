/** R10: the phone only ever leaves the server (answers and log lines) as 138****0000. */
export const maskPhone = (phone: string | null): string =>
  phone !== null && /^1\d{10}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : "100****0000"
