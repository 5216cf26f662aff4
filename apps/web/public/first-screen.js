// The landing page's start (ADR 0028 "Since"): the HTML of /list draws the square's first screen itself,
// and the app's entry, whose evaluation holds the main thread for most of a second, runs only once the
// first row's pictures are drawn (or after a second, whichever comes first). The server puts this
// script in place of the entry's <script type="module"> and preloads the entry, so its download is not
// delayed, only its run. A classic script from the app's origin: the CSP (R17) allows it, no inline code.
/* global document, setTimeout, requestAnimationFrame -- a classic script in the browser */
;(function () {
  var entry = document.currentScript && document.currentScript.getAttribute("data-entry")
  if (!entry) return
  var started = false
  var start = function () {
    if (started) return
    started = true
    var script = document.createElement("script")
    script.type = "module"
    script.crossOrigin = ""
    script.src = entry
    document.head.appendChild(script)
  }
  var pictures = Array.prototype.slice.call(document.querySelectorAll('#mido-first-screen img[fetchpriority="high"]'))
  var drawn = Promise.all(
    pictures.map(function (picture) {
      return typeof picture.decode === "function" ? picture.decode().catch(function () {}) : undefined
    })
  )
  var atMost = new Promise(function (resolve) {
    setTimeout(resolve, 1000)
  })
  // after the frame that draws them: a rAF callback runs before the paint, a task queued from it after
  Promise.race([drawn, atMost]).then(function () {
    requestAnimationFrame(function () {
      setTimeout(start, 0)
    })
  })
  // a hidden tab gets no frames: do not wait for one
  setTimeout(start, 1500)
})()
