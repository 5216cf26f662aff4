import { Schema } from "effect"

/** The library's search box: words of a prompt or title, trimmed, at most 50 characters. */
export const LibrarySearch = Schema.Trim.pipe(
  Schema.minLength(1),
  Schema.maxLength(50, { message: () => "搜索内容不能超过 50 个字" })
).annotations({ description: "a literal substring of the prompt or title; % and _ match themselves" })

/** A China calendar day as the date filter sends it. */
export const LibraryDay = Schema.String.pipe(
  Schema.pattern(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: () => "日期格式应为 YYYY-MM-DD" })
)
