/**
 * The decoded inputs of a GET route's most recent query strings (issue 30, ADR 0027 "Since, fourth
 * part"): the square's and the community's first pages are asked with the same few query strings by
 * everyone, and reading, screening and decoding that same text again with the route's schema was about
 * a tenth of a cached page's CPU. Only inputs that decoded are kept — a refusal is worked out again
 * each time, so junk never fills it — and a kept input is frozen, because every request holding it
 * shares it. Bounded: at most `maxEntries` query strings, the one least recently asked goes first.
 * Decoding a query is a pure function of its text (the contract's input schemas read no clock), so a
 * kept input is exactly what decoding again would give.
 */
export interface QueryInputMemo<Input> {
  readonly get: (query: string) => Input | undefined
  readonly keep: (query: string, input: Input) => void
}

export const QUERY_INPUTS_KEPT_PER_ROUTE = 256

const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const item of Object.values(value)) deepFreeze(item)
  }
  return value
}

export const makeQueryInputMemo = <Input>(maxEntries = QUERY_INPUTS_KEPT_PER_ROUTE): QueryInputMemo<Input> => {
  const kept = new Map<string, Input>()
  return {
    get: (query) => {
      const input = kept.get(query)
      if (input === undefined) return undefined
      // touched: the most recently asked stay
      kept.delete(query)
      kept.set(query, input)
      return input
    },
    keep: (query, input) => {
      if (kept.size >= maxEntries) {
        const oldest = kept.keys().next()
        if (oldest.done !== true) kept.delete(oldest.value)
      }
      kept.set(query, deepFreeze(input))
    }
  }
}
