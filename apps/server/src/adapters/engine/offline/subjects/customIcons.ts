/**
 * Subjects the emoji set lacks (Unicode has no lighthouse), drawn here in its flat style on the same
 * 32 × 32 grid, so the word tables can name them like any other icon. Our own drawing, the project's
 * licence.
 */
export const customIcons: Readonly<Record<string, string>> = {
  lighthouse: [
    // beams of light either side of the lamp (class beam: no outline or glow, subjectLayer.ts)
    `<path class="beam" fill="#ffe27a" fill-opacity=".55" d="M16 7.6L1 4.2v6.4zm0 0l15-3.4v6.4z"/>`,
    // the rock it stands on
    `<path fill="#8d8a96" d="M6 30c.6-2.6 2.6-4.1 5-4.4h10c2.4.3 4.4 1.8 5 4.4z"/>`,
    `<path fill="#6f6b7a" d="M6 30c1-1.5 2.6-2.2 4.5-2.2h11c1.9 0 3.5.7 4.5 2.2z"/>`,
    // the tapered tower, white with red bands
    `<path fill="#f4f4f4" d="M12.6 12h6.8l1.6 14.2H11z"/>`,
    `<path fill="#f8312f" d="M12.35 14.2h7.3l.45 4h-8.2zm-.7 6.1h8.7l.45 4h-9.6z"/>`,
    `<path fill="#d3d3d3" d="M16.9 12h2.5l1.6 14.2h-3.1z" fill-opacity=".55"/>`,
    // the door
    `<path fill="#533566" d="M14.9 22.6a1.1 1.1 0 0 1 2.2 0v3.6h-2.2z"/>`,
    // gallery, lamp room and roof
    `<rect x="11.4" y="10.6" width="9.2" height="1.6" rx=".5" fill="#433b6b"/>`,
    `<rect x="13.2" y="6.2" width="5.6" height="4.6" fill="#ffc83d"/>`,
    `<path fill="#fff478" d="M14.4 6.2h3.2v4.6h-3.2z"/>`,
    `<path fill="#433b6b" d="M13.2 6.2h.7v4.6h-.7zm2.45 0h.7v4.6h-.7zm2.45 0h.7v4.6h-.7z"/>`,
    `<path fill="#f8312f" d="M12.6 6.6L16 3.2l3.4 3.4z"/>`,
    `<circle cx="16" cy="2.9" r=".8" fill="#433b6b"/>`
  ].join("")
}
