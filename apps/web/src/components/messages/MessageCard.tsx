import { type InboxStore, messageLinkOf, messageTimeText } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Link } from "react-router-dom"
import { Avatar } from "../ui/Avatar"
import { cx } from "../ui/cx"
import { Icon } from "../ui/Icon"

export type DrawerMessage = InboxStore["messages"][number]

type Props = {
  message: DrawerMessage
  /** Following a same-site link leaves the drawer. */
  onNavigate: () => void
}

/** A system message's link, only through the core's safe-link rule (MS2, R14): a same-site path or http(s). */
function SystemLink({ message, onNavigate }: Props) {
  const link = messageLinkOf(message)
  const className = "inline-flex items-center gap-0.5 text-sm font-medium text-brand-600 hover:text-brand-700"
  if (link.kind === "internal") {
    return (
      <Link to={link.path} onClick={onNavigate} className={className}>
        查看详情
        <Icon name="chevron-right" size={14} />
      </Link>
    )
  }
  if (link.kind === "external") {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className={className}>
        查看详情
        <Icon name="chevron-right" size={14} />
      </a>
    )
  }
  return null
}

/** The one who acted (like, follow, mention): avatar and name, linking to their personal page. */
function Actor({ message, onNavigate }: Props) {
  const { user_head: head, user_name: name, user_uid: uid } = message.parsed
  const label = name === "" ? "米豆用户" : name
  const avatar = <Avatar src={head} name={label} size={40} />
  return /^\d+$/.test(uid) ? (
    <Link to={`/personal/${uid}`} onClick={onNavigate} className="shrink-0" aria-label={`${label}的主页`}>
      {avatar}
    </Link>
  ) : (
    avatar
  )
}

/**
 * One message of the drawer (spec §2: avatar, name, cover, content, reply). System messages show a
 * bell, their title and text and, when the core allows it, a link; the others show who acted, what
 * they did, the work's cover and, for a mention, the reply. Unread messages carry a red dot. A content
 * that is not JSON shows as plain text (MS1).
 */
export const MessageCard = observer(function MessageCard({ message, onNavigate }: Props) {
  const content = message.parsed
  const unread = message.is_read === 0
  const time = messageTimeText(message)
  const isSystem = message.type === "system"
  const body = content.parsed ? content.content : message.content
  return (
    <article
      data-testid="message-card"
      data-read={unread ? "0" : "1"}
      className={cx("relative flex gap-3 rounded-lg px-3 py-3.5 transition-colors", unread ? "bg-brand-50/60" : "hover:bg-gray-50")}
    >
      {unread ? <span className="absolute top-4 left-1 size-1.5 rounded-full bg-danger-500" aria-label="未读" /> : null}
      {isSystem ? (
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-600">
          <Icon name="bell" size={20} />
        </span>
      ) : (
        <Actor message={message} onNavigate={onNavigate} />
      )}
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <p className="min-w-0 flex-1 truncate text-base font-medium text-gray-900">
            {isSystem ? content.title || "系统通知" : content.user_name || content.title || "米豆用户"}
          </p>
          <time className="shrink-0 text-xs text-gray-400" dateTime={new Date(message.created_at * 1000).toISOString()}>
            {time}
          </time>
        </div>
        {!isSystem && content.title !== "" && content.user_name !== "" ? <p className="mt-0.5 text-sm text-gray-500">{content.title}</p> : null}
        {body !== "" ? <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-line text-gray-700">{body}</p> : null}
        {content.reply_content !== "" ? (
          <p className="mt-2 rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-600">
            <span className="mr-1 text-gray-400">回复：</span>
            {content.reply_content}
          </p>
        ) : null}
        {content.sub_content !== "" ? <p className="mt-1 truncate text-xs text-gray-400">{content.sub_content}</p> : null}
        {isSystem ? (
          <div className="mt-1.5">
            <SystemLink message={message} onNavigate={onNavigate} />
          </div>
        ) : null}
      </div>
      {content.cover !== "" ? (
        <img
          src={content.cover}
          alt=""
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          className="size-14 shrink-0 rounded-md bg-gray-100 object-cover"
        />
      ) : null}
    </article>
  )
})
