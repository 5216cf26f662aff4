/**
 * The words AI生成 as a grey coverage mask (white = ink), drawn once from Noto Sans CJK SC Bold at 48 px
 * and trimmed (142 × 47), the same way as the 本地演示引擎 caption (adapters/engine/offline/captionMask.ts):
 * stored here because a server without a CJK font would render SVG text as empty boxes.
 * Redraw it with sharp: an SVG `<text font-family="Noto Sans CJK SC" font-weight="bold" font-size="48"
 * fill="#fff">AI生成</text>`, `.trim({ threshold: 0 })`, `.extractChannel(3).png({ compressionLevel: 9 })`.
 */
export const labelMaskPng: Buffer = Buffer.from(
  [
  "iVBORw0KGgoAAAANSUhEUgAAAI4AAAAvCAAAAAAQ1q2fAAAACXBIWXMAAAsTAAALEwEAmpwYAAAFgUlEQVRYw8VZfVBUVRS/D1jBRSVaEVMM6b",
  "vQJpkaczRSp1RmoiyimuhrFM0ak74tSXM0G4p0agzyM5XKsQ3NHM1p1pImSrAPSXNiMKQU+Zgdl0KsFWlv957zPu57u2+/3mLnD945v3vveT/u",
  "u/ecc+8S8n9LXGosvAxJUNXJP3CpjGj4CheXXMZmg2dBgnU67/fUvlM4FNSZlIsrouE7Ycz9JG4TezTmWWUT38nd+WZFS2cbjCmKr4IndaZZoz",
  "MJ3VwRLR2k8ciIWvRDO++wRKccnByN+mOthzGzSNy8LuTjWywZupSWoRQZ8BcQHi1iTeBjRdR03oUxc5g2Yh/yed3Q4yp53mhHvL7hGMKTBGgy",
  "QtdGTWcVjJnHVamkl6mrjT1eUujQW0LS+QSQ70hYdDLX+ksDjKlF4ydKe9ax5xPiqIMqnVWh6GScB+S5VJAiMGpSDaL2vpGGKZ8KL83wqfDvUg",
  "g6r4Xj3BqdBYD8A39zgtNJ7ux/OjUc6H4D8OXB6Syi/U4nrY8Du6YI8cSMjqOr/+kUA1CSeBae1wSjs5ZGQ6dJt85zAPtFv/gHae/cA+1jyBfw",
  "XBSEzs3/gvljmSLbwW4pM4iBzq+6GbcD5jGtF7wQACXyIvT73pzOIAzI58eo7aHiTiA6BD/4YNAnZhiHPAitWwnBWfRdakpnE1pCeRMVnaMAXs",
  "dV22naUlWsWx/V0DqblUO4iZ82o/MsGl1DLdJxATiDqzPwwyVqjQN7AMpi6lbQvjaj85gbjCdJpHR6XJpUKJM8l7dvBHWNMOIuQI7D+0DtG2b2",
  "sRwbWPjeLUVMRxS2NEvVADf4jF9K3ALIeq6O9Km532Sj3+luH0Ys0TlIyH2gfMya54DWLPyDbDFxeQCMI6DvDRKVR04g1ujUEjIOlEZWXxwC7V",
  "VhwO24ndLBWAnGuZRgBUZEdCb40fmSxQv4CH3J8kL2DhcGVALUgEYeDikKRqfYIwh++16PToRIkQvtbgyOf3H9c4a2Ajqe7IfnRvHk1QZQuRww",
  "ISLS6mB05odMEUIpexsA9Wh0KslpN26tqfhhsgXnE9HDdNn8CjemPVZ0cLr3odHN9W1MWQboe4eMK5WQt9DDLicKZgE6M1Z07gZgBxpQR1apK+",
  "5vnJybRDrNAR1WxYrO4wBsBn2AmmEyhc4fiWxuCOzQYzOnM0Usw7EIaNXX5g6t8xJox6NCCuiQ7dvUN3mzRDrLTP7BaTHa6Lhvl4I+HPRSrn6g",
  "vqhc1/2ICZ01MaKzQ0nPTMaCPp+rjyrvaeFlRprhuHe6WZXjiLTHxYbOt8JcF4D+EMR2mY1vKrcO5OmPe/eaVjhW6WANcCVkoz2aq4GYmWgFdG",
  "rzvY21WD2m8IsFBxXYcWVM6GTgicnh8ZxokhnwbJS4F/UzWCGzHX/qmQGEjMIMXuf/Aiw4LNPJh+af5VsCqN34PO1UrFy1dvYlE/IU9T9aDelF",
  "cFws6GBK3qJcMzD5kG14l2p9pi7xDqbsD3RN8I3I0SKdw3Ldl+SV39+eRUYd1jYwLOV75CsIPO7RbpvOxWIqHP+s0cnCxZCtBJTe7Zkk3y0GlG",
  "Op8gXLOkJmy/lK72O83PPqACcJp1FwI3f44c58LcieYsXerYWFhdNykol9tXI78Rs+Gi6/qEOunDHPY2ASbiLlLfCyP50uGrY8z7onnDAW5gV/",
  "KO3VSXVKmlBm0CtMgyBOtai1SAfzJ9Wuah9WmzcnkLHnhO6N0VxSRkbHjomyVbvJluQN71siacc2kIX9T0cqgRujVwQHEpyr/ixA602190l7NH",
  "RaPGELLMhstqfPposebCyM1F+mWHPxxEnd11+Y30BSanSnFiaXNC8UfoZIX1rXfvLAcseF+k0mqdL4GWxmXf8DNpGsA+AyduIAAAAASUVORK5C",
  "YII="
  ].join(""),
  "base64"
)

export const labelMaskSize = { width: 142, height: 47 } as const
