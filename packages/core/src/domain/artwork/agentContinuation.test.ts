import { describe, expect, it } from "vitest"
import { agentContinuation } from "./agentContinuation.js"

const of = (prompt: string | null | undefined) => agentContinuation({ id: 1, name: "智能助手", head: "", prompt })

describe("SD12 continuing an assistant's drawing", () => {
  it.each([
    ["SD12", "a prompt goes to /intelligent and /webui, encoded", "樱花树下看书的橘猫, 水彩", "樱花树下看书的橘猫, 水彩"],
    ["SD12", "the prompt as /webui reads it back: lines trimmed (SD7)", "  猫 \n 狗  \n\n", "猫\n狗"],
    ["SD12", "a lone surrogate becomes U+FFFD", "a\ud800b", "a\ufffdb"]
  ])("%s %s", (_rule, _case, prompt, written) => {
    const query = encodeURIComponent(written)
    expect(of(prompt)).toEqual({ prompt: written, intelligent: `/intelligent?prompt=${query}`, webui: `/webui?prompt_for_paste=${query}` })
  })

  it.each([["empty", ""], ["blank", " \n "], ["null", null], ["absent", undefined]])("SD12 no prompt (%s): nothing to continue", (_case, prompt) => {
    expect(of(prompt)).toBeNull()
  })
})
