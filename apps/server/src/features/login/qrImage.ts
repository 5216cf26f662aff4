import { qrSvgDataUrl } from "../../platform/qrSvg.js"

const LINE_CHARS = 30

const wrap = (text: string): ReadonlyArray<string> => {
  const lines: Array<string> = []
  for (let start = 0; start < text.length; start += LINE_CHARS) lines.push(text.slice(start, start + LINE_CHARS))
  return lines
}

/**
 * The login QR picture as an SVG data URL: a real QR code of the development scan page, with the
 * page's address written underneath so a developer can open it by hand. A WeChat adapter would return
 * WeChat's own QR picture instead.
 */
export const qrSvg = (scanUrl: string): string => qrSvgDataUrl(scanUrl, ["微信扫一扫（开发环境：打开下面的地址）", ...wrap(scanUrl)])

/** The login QR of an Official Account: WeChat's own QR address (qrcode/create's `url`), drawn here. */
export const wechatQrSvg = (wechatUrl: string): string => qrSvgDataUrl(wechatUrl, "请使用微信扫一扫")
