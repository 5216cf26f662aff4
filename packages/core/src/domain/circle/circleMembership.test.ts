import { describe, expect, it } from "vitest"
import { circleAction, circleFormInput } from "./circleMembership.js"

describe("the circle header and form (issue 17; docs/spec/circle.md)", () => {
  it.each([
    ["CI2", "a visitor is asked to log in", { is_joined: false, is_owner: false }, false, "login"],
    ["CI2", "a visitor even with stale flags", { is_joined: true, is_owner: true }, false, "login"],
    ["CI2", "the owner cannot leave: they edit", { is_joined: true, is_owner: true }, true, "owner"],
    ["CI2", "a member may leave", { is_joined: true, is_owner: false }, true, "leave"],
    ["CI2", "anyone else may join", { is_joined: false, is_owner: false }, true, "join"]
  ] as const)("%s %s", (_rule, _name, circle, loggedIn, expected) => {
    expect(circleAction(circle, loggedIn)).toBe(expected)
  })

  const cover = "http://127.0.0.1/oss/u1/cover.png"
  const avatar = "http://127.0.0.1/oss/u1/avatar.png"
  it.each([
    ["CI3", "bad input: no cover yet", { name: "水彩", avatar: "", cover: "", description: "" }, { problem: "请上传圈子封面" }],
    ["CI3", "bad input: an avatar alone is not enough", { name: "水彩", avatar, cover: "", description: "" }, { problem: "请上传圈子封面" }],
    ["CI3", "the avatar falls back to the cover", { name: "水彩", avatar: "", cover, description: "" }, { input: { name: "水彩", avatar: cover, cover, description: "" } }],
    ["CI3", "both images as uploaded; text as typed", { name: " 水彩 ", avatar, cover, description: "一起画" }, { input: { name: " 水彩 ", avatar, cover, description: "一起画" } }]
  ] as const)("%s %s", (_rule, _name, values, expected) => {
    expect(circleFormInput(values)).toEqual(expected)
  })
})
