import { act, cleanup, render, screen } from "@testing-library/react"
import { StrictMode } from "react"
import { afterEach, describe, expect, it } from "vitest"
import type { Page } from "../stores/paging/Page.js"
import { PagedList } from "../stores/paging/PagedList.js"
import { usePagedList } from "./usePagedList.js"

const makeList = () => {
  const answers: Array<(page: Page<string, number>) => void> = []
  const list = new PagedList<string>({
    params: undefined,
    fetchPage: () => new Promise((resolve) => void answers.push(resolve))
  })
  return { list, answers }
}

function Names({ list }: { list: PagedList<string> }) {
  const view = usePagedList(list)
  return <p data-testid="names">{view.status}:{view.items.join(",")}{view.isEnd ? ":end" : ""}</p>
}

afterEach(cleanup)

describe("usePagedList: the hook only starts and subscribes", () => {
  it("starts the first page once (StrictMode) and shows every change, without observer()", async () => {
    const { list, answers } = makeList()
    render(<StrictMode><Names list={list} /></StrictMode>)
    expect(answers).toHaveLength(1)
    expect(screen.getByTestId("names").textContent).toBe("loading:")
    await act(async () => answers[0]?.({ items: ["小米", "豆豆"], next: 2 }))
    expect(screen.getByTestId("names").textContent).toBe("ready:小米,豆豆")
    act(() => void list.loadMore())
    await act(async () => answers[1]?.({ items: ["米粒"], next: null }))
    expect(screen.getByTestId("names").textContent).toBe("ready:小米,豆豆,米粒:end")
  })

  it("a list already loaded is not loaded again on mount", async () => {
    const { list, answers } = makeList()
    const loading = list.start()
    answers[0]?.({ items: ["小米"], next: null })
    await loading
    render(<Names list={list} />)
    expect(answers).toHaveLength(1)
    expect(screen.getByTestId("names").textContent).toBe("ready:小米:end")
  })
})
