import type { TextSegment } from "@mido/react"
import { Link } from "react-router-dom"

/**
 * A comment's text (R16: text stays text): the pieces its store cut it into, an @昵称 the server found
 * as a link to that person's page and an inline #话题# as a link to the topic's posts (MN5, MN7).
 */
export function CommentText({ segments, topicHref }: { segments: ReadonlyArray<TextSegment>; topicHref: (topic: string) => string }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.kind === "mention" ? (
          <Link key={index} to={`/personal/${segment.uid}`} className="text-brand-600 hover:underline" data-testid="comment-mention">@{segment.nickname}</Link>
        ) : segment.kind === "topic" ? (
          <Link key={index} to={topicHref(segment.topic)} className="text-brand-600 hover:underline" data-testid="comment-topic">#{segment.topic}#</Link>
        ) : (
          <span key={index}>{segment.text}</span>
        )
      )}
    </>
  )
}
