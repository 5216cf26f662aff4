import type { ComponentPropsWithoutRef } from "react"
import { useViewShown } from "../../routes/viewShown"

/**
 * The layout's main landmark, exposed only while its page is on screen: a page the view cache keeps
 * hidden loses the role, so assistive technology finds one main at a time. A div with the role rather
 * than <main>, because swapping the element would remount (and lose) the kept page.
 */
export function MainLandmark(props: ComponentPropsWithoutRef<"div">) {
  const shown = useViewShown()
  return <div {...props} role={shown ? "main" : undefined} />
}
