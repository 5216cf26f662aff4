/** Joins class names, skipping falsy entries: `cx("a", on && "b")`. */
export const cx = (...parts: ReadonlyArray<string | false | null | undefined>): string =>
  parts.filter(Boolean).join(" ")
