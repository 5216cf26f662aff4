import { describe, expect, it } from "vitest"
import type { ServerEvent } from "../ports/ServerEvents.js"
import { makeEventStreamParser } from "./eventStreamParser.js"

const parseAll = (chunks: ReadonlyArray<string>): Array<ServerEvent> => {
  const parser = makeEventStreamParser()
  return [...chunks.flatMap((chunk) => parser.feed(chunk)), ...parser.end()]
}

/** The same text cut in two at every position, and one character at a time: the events must not change. */
const everySplit = (text: string): Array<ReadonlyArray<string>> => [
  [text],
  ...Array.from({ length: text.length - 1 }, (_, at) => [text.slice(0, at + 1), text.slice(at + 1)]),
  [...text]
]

describe("text/event-stream parser", () => {
  it.each([
    ["one named event", "event: task\ndata: {\"a\":1}\n\n", [{ event: "task", data: "{\"a\":1}" }]],
    ["no event field is a message", "data: hi\n\n", [{ event: "message", data: "hi" }]],
    ["data lines joined by LF", "data: one\ndata: two\ndata:\n\n", [{ event: "message", data: "one\ntwo\n" }]],
    ["one leading space stripped, no more", "data:  two spaces\ndata:none\n\n", [{ event: "message", data: " two spaces\nnone" }]],
    ["comments (pings) ignored", ": ping\n\n: ping\nevent: task\ndata: x\n\n", [{ event: "task", data: "x" }]],
    ["CRLF line ends", "event: task\r\ndata: x\r\n\r\n", [{ event: "task", data: "x" }]],
    ["CR line ends", "event: task\rdata: x\r\r", [{ event: "task", data: "x" }]],
    ["id remembered for the next events", "id: 7\ndata: a\n\ndata: b\n\n", [{ event: "message", data: "a", id: "7" }, { event: "message", data: "b", id: "7" }]],
    ["an event without data is not dispatched", "event: task\n\ndata: y\n\n", [{ event: "message", data: "y" }]],
    ["the event name does not leak into the next event", "event: task\ndata: 1\n\ndata: 2\n\n", [{ event: "task", data: "1" }, { event: "message", data: "2" }]],
    ["a field without a colon has an empty value", "data\n\n", [{ event: "message", data: "" }]],
    ["retry and unknown fields ignored", "retry: 3000\nfoo: bar\ndata: z\n\n", [{ event: "message", data: "z" }]],
    ["an event cut off by the end is dropped", "data: done\n\ndata: half", [{ event: "message", data: "done" }]],
    ["a leading BOM is skipped", "\uFEFFdata: bom\n\n", [{ event: "message", data: "bom" }]],
    ["colons inside the value are kept", "data: a:b: c\n\n", [{ event: "message", data: "a:b: c" }]],
    ["Chinese text", "event: task\ndata: {\"reason\":\"引擎繁忙\"}\n\n", [{ event: "task", data: "{\"reason\":\"引擎繁忙\"}" }]]
  ])("%s, cut anywhere", (_name, text, expected) => {
    for (const chunks of everySplit(text)) expect(parseAll(chunks)).toEqual(expected)
  })

  it("an id with NUL is ignored", () => {
    expect(parseAll(["id: 1\ndata: a\n\nid: x\0y\ndata: b\n\n"])).toEqual([
      { event: "message", data: "a", id: "1" },
      { event: "message", data: "b", id: "1" }
    ])
  })

  it("gives each event as soon as its blank line arrives", () => {
    const parser = makeEventStreamParser()
    expect(parser.feed("data: a\n")).toEqual([])
    expect(parser.feed("\ndata: b")).toEqual([{ event: "message", data: "a" }])
    expect(parser.feed("\n\n")).toEqual([{ event: "message", data: "b" }])
  })

  it("reads a long stream in time linear in its length", () => {
    const text = "event: task\ndata: x\n\n".repeat(20_000)
    const started = performance.now()
    expect(parseAll([text])).toHaveLength(20_000)
    expect(performance.now() - started).toBeLessThan(1000)
  })
})
