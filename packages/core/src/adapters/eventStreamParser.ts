import type { ServerEvent } from "../ports/ServerEvents.js"

/**
 * An incremental parser of the text/event-stream format (WHATWG HTML, "Server-sent events", the
 * interpretation of an event stream): text goes in as it arrives, in chunks cut anywhere (inside a
 * field, between a CR and its LF), and each complete event comes out once its blank line has arrived.
 * Lines end in LF, CR or CRLF; a line starting with ":" is a comment (the server's ping); `data`
 * lines are joined by "\n"; `event` names the event ("message" when absent); `id` is remembered for
 * the events after it (a value containing NUL is ignored); `retry` and unknown fields are ignored.
 * An event with no data line is not dispatched, nor is one cut off by the end of the stream.
 * Written here because eventsource-parser is not among the installed packages.
 */
export interface EventStreamParser {
  /** The next piece of text; returns the events it completed, in order. */
  readonly feed: (chunk: string) => ReadonlyArray<ServerEvent>
  /** The stream ended: a last CR still waiting for a possible LF ends its line. */
  readonly end: () => ReadonlyArray<ServerEvent>
}

export const makeEventStreamParser = (): EventStreamParser => {
  let buffer = ""
  let started = false
  let lastId: string | undefined
  let eventName = ""
  let data: Array<string> = []
  let hasData = false

  const dispatch = (out: Array<ServerEvent>) => {
    if (hasData) {
      const event = eventName === "" ? "message" : eventName
      out.push(lastId === undefined ? { event, data: data.join("\n") } : { event, data: data.join("\n"), id: lastId })
    }
    eventName = ""
    data = []
    hasData = false
  }

  const line = (text: string, out: Array<ServerEvent>) => {
    if (text === "") return dispatch(out)
    if (text.startsWith(":")) return
    const colon = text.indexOf(":")
    const field = colon < 0 ? text : text.slice(0, colon)
    let value = colon < 0 ? "" : text.slice(colon + 1)
    if (value.startsWith(" ")) value = value.slice(1)
    if (field === "data") {
      data.push(value)
      hasData = true
    } else if (field === "event") {
      eventName = value
    } else if (field === "id" && !value.includes("\0")) {
      lastId = value
    }
  }

  const feed = (chunk: string): ReadonlyArray<ServerEvent> => {
    const out: Array<ServerEvent> = []
    buffer += chunk
    if (!started && buffer.length > 0) {
      started = true
      if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1)
    }
    let from = 0
    // each search starts where the last line ended and is redone only once passed, so a chunk is scanned once
    let lf = buffer.indexOf("\n")
    let cr = buffer.indexOf("\r")
    while (lf >= 0 || cr >= 0) {
      const end = cr >= 0 && (lf < 0 || cr < lf) ? cr : lf
      // a CR as the last character may be the first half of a CRLF: wait for the next chunk
      if (end === cr && end === buffer.length - 1) break
      line(buffer.slice(from, end), out)
      from = end === cr && buffer[end + 1] === "\n" ? end + 2 : end + 1
      if (lf >= 0 && lf < from) lf = buffer.indexOf("\n", from)
      if (cr >= 0 && cr < from) cr = buffer.indexOf("\r", from)
    }
    buffer = buffer.slice(from)
    return out
  }
  return { feed, end: () => (buffer.endsWith("\r") ? feed("\n") : []) }
}
