import type { MentionPicker } from "@mido/react"
import { observer } from "mobx-react-lite"
import { type KeyboardEvent, type TextareaHTMLAttributes, useEffect, useId, useLayoutEffect, useRef, useState } from "react"
import { Avatar } from "../ui/Avatar"
import { cx } from "../ui/cx"

const caretOf = (box: HTMLTextAreaElement): number => box.selectionStart ?? box.value.length

export interface MentionTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "value" | "onChange"> {
  readonly picker: MentionPicker
  readonly value: string
  readonly onValueChange: (text: string) => void
}

/**
 * A text box with the @ list (MN2–MN4): typing @ offers the people one follows under the box; ↑ / ↓
 * move, Enter or Tab picks (a click too), Esc closes it. Keys go to the box's own onKeyDown only while
 * the list is closed; an input method's composition is never interrupted.
 */
export const MentionTextarea = observer(function MentionTextarea({ picker, value, onValueChange, onKeyDown, onBlur, className, ...textarea }: MentionTextareaProps) {
  const box = useRef<HTMLTextAreaElement>(null)
  const listId = useId()
  const [focused, setFocused] = useState(false)
  const pendingCaret = useRef<number | null>(null)
  const open = focused && picker.isOpen

  // each box that comes on screen asks for the follow list afresh on its first @ (a follow made since counts)
  useEffect(() => picker.reset(), [picker])

  const track = () => {
    const element = box.current
    if (element !== null) picker.track(element.value, caretOf(element))
  }

  // every new text is read once React shows it: typed, picked (the caret then goes after the name), or
  // changed by the store (sent and cleared, 回复 adding @昵称)
  useLayoutEffect(() => {
    const element = box.current
    if (element === null || element.value !== value) return
    const caret = pendingCaret.current
    if (caret !== null) {
      element.setSelectionRange(caret, caret)
      pendingCaret.current = null
    }
    picker.track(value, caretOf(element))
  }, [value, picker])

  const pickAt = (index?: number) => {
    const element = box.current
    const edit = element === null ? undefined : picker.pick(element.value, caretOf(element), index)
    if (edit === undefined) return
    pendingCaret.current = edit.caret
    onValueChange(edit.text)
  }

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // an input method's keys are its own: during composition, and Safari's committing Enter (keyCode 229)
    if (open && !event.nativeEvent.isComposing && event.nativeEvent.keyCode !== 229) {
      const picking = (event.key === "Enter" || event.key === "Tab") && !event.ctrlKey && !event.metaKey && !event.shiftKey
      if (event.key === "ArrowDown" || event.key === "ArrowUp" || picking || event.key === "Escape") {
        event.preventDefault()
        event.stopPropagation()
        if (event.key === "ArrowDown") picker.move(1)
        else if (event.key === "ArrowUp") picker.move(-1)
        else if (event.key === "Escape") picker.dismiss()
        else pickAt()
        return
      }
    }
    onKeyDown?.(event)
  }

  const optionId = (index: number) => `${listId}-${index}`
  return (
    <div className="relative">
      <textarea
        {...textarea}
        ref={box}
        value={value}
        className={className}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(picker.highlighted) : undefined}
        onChange={(event) => onValueChange(event.target.value)}
        onSelect={track}
        onFocus={() => {
          setFocused(true)
          track()
        }}
        onBlur={(event) => {
          setFocused(false)
          onBlur?.(event)
        }}
        onKeyDown={keyDown}
      />
      {open ? (
        <div className="absolute top-full left-0 z-30 mt-1 w-64 rounded-lg border border-line bg-surface py-1 shadow-lg">
          <p id={`${listId}-hint`} className="px-3 pt-1 pb-1.5 text-xs text-gray-400">选择要 @ 的人（↑↓ 选择，回车确认）</p>
          <ul id={listId} role="listbox" aria-label="选择要提醒的人" aria-describedby={`${listId}-hint`} className="max-h-72 overflow-y-auto">
            {picker.suggestions.map((person, index) => (
              <li
                key={person.uid}
                id={optionId(index)}
                role="option"
                aria-selected={index === picker.highlighted}
                // mousedown, not click: the box keeps its focus and its caret
                onMouseDown={(event) => {
                  event.preventDefault()
                  pickAt(index)
                }}
                className={cx("flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm", index === picker.highlighted ? "bg-brand-50 text-brand-800" : "text-gray-800 hover:bg-gray-50")}
              >
                <span aria-hidden="true" className="shrink-0"><Avatar src={person.avatar} name={person.nickname} size={24} /></span>
                <span data-testid="mention-name" className="min-w-0 flex-1 truncate">{person.nickname}</span>
                {person.is_mutual ? <span className="shrink-0 text-xs text-gray-400">互相关注</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
})
