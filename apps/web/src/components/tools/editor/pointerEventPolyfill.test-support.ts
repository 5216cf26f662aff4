// jsdom has no PointerEvent: Testing Library then builds a plain Event and drops clientX / pointerId.
// A MouseEvent subclass carries them (tests only).
if (typeof window.PointerEvent === "undefined") {
  class PointerEventShim extends MouseEvent {
    readonly pointerId: number
    readonly pointerType: string
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init)
      this.pointerId = init.pointerId ?? 1
      this.pointerType = init.pointerType ?? "mouse"
    }
  }
  window.PointerEvent = PointerEventShim as unknown as typeof PointerEvent
}
export {}
