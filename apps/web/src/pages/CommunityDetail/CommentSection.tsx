import type { MentionPicker, PostCommentReply, PostDetailStore } from "@mido/react"
import { usePagedList } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { CommentText } from "../../components/community/CommentText"
import { MentionTextarea } from "../../components/community/MentionTextarea"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"

const COMMENT_LIMIT = 500

/**
 * One comment or reply: author (a reply: "A 回复 B：", its text without the @B the box put first, MN6),
 * text as text (R16) with mentions and #话题# as links (MN5), time, 回复 / 删除.
 */
const CommentLine = observer(function CommentLine({ detail, item, size, onLoginNeeded }: {
  detail: PostDetailStore
  item: Omit<PostCommentReply, "root_id" | "reply_to"> & { readonly reply_to?: PostCommentReply["reply_to"] }
  size: number
  onLoginNeeded: () => void
}) {
  return (
    <div className="flex gap-3" data-testid="comment" data-comment-id={item.id}>
      <Link to={`/personal/${item.author.uid}`} className="shrink-0"><Avatar src={item.author.avatar} name={item.author.nickname} size={size} /></Link>
      <div className="min-w-0 flex-1">
        <p className="text-sm text-gray-500" data-testid="comment-byline">
          <Link to={`/personal/${item.author.uid}`} className="font-medium text-gray-800 hover:text-brand-700">{item.author.nickname}</Link>
          {item.reply_to != null ? (
            <> 回复 <Link to={`/personal/${item.reply_to.uid}`} className="font-medium text-gray-800 hover:text-brand-700">{item.reply_to.nickname}</Link>：</>
          ) : null}
        </p>
        <p className="mt-1 text-[15px] leading-relaxed whitespace-pre-wrap break-words text-gray-800" data-testid="comment-text">
          <CommentText segments={detail.commentSegments(item)} topicHref={detail.topicHref} />
        </p>
        <div className="mt-1 flex items-center gap-4 text-xs text-gray-400">
          <span>{detail.timeText(item.created_at)}</span>
          <button type="button" className="hover:text-brand-700" onClick={() => (detail.replyToComment({ id: item.id, nickname: item.author.nickname }) === "login" ? onLoginNeeded() : undefined)}>
            回复
          </button>
          {item.is_owner ? <button type="button" className="hover:text-danger-600" onClick={() => void detail.deleteComment(item.id)}>删除</button> : null}
        </div>
      </div>
    </div>
  )
})

/** 评论: the box (reply target, the @ list, counter), the comments newest first with their replies, more on demand. */
export const CommentSection = observer(function CommentSection({ detail, mentions, onLoginNeeded }: {
  detail: PostDetailStore
  mentions: MentionPicker
  onLoginNeeded: () => void
}) {
  const view = usePagedList(detail.comments)
  const comments = detail.shownComments
  const send = () => void detail.sendComment().then((result) => (result === "login" ? onLoginNeeded() : undefined))
  return (
    <section aria-label="评论" className="mt-8">
      <h2 className="mb-4 text-base font-semibold text-gray-900">评论 {detail.post === null ? "" : detail.countText(detail.post.comment_count)}</h2>
      {detail.isLoggedIn ? (
        <div className="rounded-lg border border-line p-3 focus-within:border-brand-400">
          {detail.replyTo !== null ? (
            <p className="mb-2 flex items-center gap-2 text-xs text-gray-500">
              回复 <span className="text-brand-700">@{detail.replyTo.nickname}</span>
              <button type="button" className="text-gray-400 hover:text-gray-700" onClick={detail.cancelReply}>取消回复</button>
            </p>
          ) : null}
          <MentionTextarea
            picker={mentions}
            value={detail.draft}
            onValueChange={detail.setDraft}
            onKeyDown={(event) => (event.key === "Enter" && (event.ctrlKey || event.metaKey) ? send() : undefined)}
            placeholder="说点什么吧，输入 @ 提醒关注的人"
            aria-label="评论内容"
            className="h-20 w-full resize-none text-sm outline-none"
          />
          <div className="flex items-center justify-end gap-3">
            <span className={detail.draft.length > COMMENT_LIMIT ? "text-xs text-danger-600" : "text-xs text-gray-400"}>{detail.draft.length}/{COMMENT_LIMIT}</span>
            <Button size="sm" loading={detail.sending} disabled={detail.draft.trim() === ""} onClick={send}>发表评论</Button>
          </div>
        </div>
      ) : (
        <div className="flex items-center justify-between rounded-lg bg-gray-50 p-4 text-sm text-gray-600">
          登录后参与评论
          <Button size="sm" onClick={onLoginNeeded}>登录</Button>
        </div>
      )}
      <div className="mt-6 flex flex-col gap-6" data-testid="comment-list">
        {comments.map((comment) => (
          <div key={comment.id}>
            <CommentLine detail={detail} item={comment} size={36} onLoginNeeded={onLoginNeeded} />
            {comment.replies.length > 0 ? (
              <div className="mt-3 ml-12 flex flex-col gap-3 rounded-lg bg-gray-50 p-3">
                {comment.replies.map((reply) => <CommentLine key={reply.id} detail={detail} item={reply} size={28} onLoginNeeded={onLoginNeeded} />)}
                {comment.reply_count > comment.replies.length ? <p className="text-xs text-gray-400">共 {comment.reply_count} 条回复</p> : null}
              </div>
            ) : null}
          </div>
        ))}
      </div>
      <div className="flex h-14 items-center justify-center text-sm text-gray-500">
        {view.status === "error" ? (
          <Button size="sm" variant="secondary" onClick={() => void detail.comments.retry()}>重试</Button>
        ) : view.status === "loading" ? "加载中…"
          : view.hasMore ? <Button size="sm" variant="ghost" onClick={() => void detail.comments.loadMore()}>查看更多评论</Button>
            : comments.length === 0 ? "还没有评论，来抢沙发吧" : "没有更多了"}
      </div>
    </section>
  )
})
