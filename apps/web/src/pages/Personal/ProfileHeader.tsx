import type { PersonalStore } from "@mido/react"
import { observer } from "mobx-react-lite"
import { Avatar } from "../../components/ui/Avatar"
import { Button } from "../../components/ui/Button"
import { Tag } from "../../components/ui/Tag"

/** The head of /personal: avatar, name, membership, counts, bio; 编辑资料 on one's own page, 关注 on another's. */
export const ProfileHeader = observer(function ProfileHeader({ store, onNeedLogin }: { store: PersonalStore; onNeedLogin: () => boolean }) {
  const profile = store.profile
  if (profile === null) return null
  const follow = () => {
    if (onNeedLogin()) return
    void store.toggleFollow()
  }
  return (
    <section className="flex flex-wrap items-center gap-6 rounded-xl bg-surface p-6 shadow-sm" data-testid="profile-header">
      <Avatar src={profile.avatar} name={profile.nickname} size={88} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="truncate text-xl font-semibold text-gray-900" data-testid="profile-nickname">{profile.nickname}</h1>
          {store.vipName !== "" && <Tag tone="bean" size="sm">{store.vipName}</Tag>}
        </div>
        {/* PB1–PB2 keep a bio to 3 lines of 100 characters: shown whole, its line breaks kept */}
        <p className="mt-1.5 max-w-2xl text-sm leading-6 break-words whitespace-pre-line text-gray-500" data-testid="profile-bio">
          {profile.bio !== "" ? profile.bio : store.isSelf ? "还没有个人简介" : ""}
        </p>
        <dl className="mt-4 flex flex-wrap gap-x-8 gap-y-2">
          {store.counts.map((count) => (
            <div key={count.key} className="flex items-baseline gap-1.5" data-testid={`count-${count.key}`}>
              <dd className="text-lg font-semibold text-gray-900">{count.value}</dd>
              <dt className="text-sm text-gray-500">{count.label}</dt>
            </div>
          ))}
        </dl>
      </div>
      <div className="shrink-0">
        {store.isSelf ? (
          <Button variant="secondary" onClick={() => store.editor.open({ nickname: profile.nickname, avatar: profile.avatar, bio: profile.bio })}>编辑资料</Button>
        ) : (
          <Button variant={profile.is_follow ? "secondary" : "primary"} disabled={store.busy} onClick={follow}>
            {profile.is_follow ? "已关注" : "+ 关注"}
          </Button>
        )}
      </div>
    </section>
  )
})
