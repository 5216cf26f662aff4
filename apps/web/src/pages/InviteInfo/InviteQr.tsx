import QRCode from "qrcode"
import { useEffect, useState } from "react"
import { Spinner } from "../../components/ui/Spinner"

/** The invite link as a QR code, drawn in the browser (the qrcode package arrives with this page only). */
export function InviteQr({ link, size = 168 }: { link: string; size?: number }) {
  const [image, setImage] = useState<{ link: string; url: string } | null>(null)
  useEffect(() => {
    if (link === "") return
    let live = true
    void QRCode.toDataURL(link, { width: size * 2, margin: 1, errorCorrectionLevel: "M", color: { dark: "#1f1633", light: "#ffffff" } }).then((url) => {
      if (live) setImage({ link, url })
    })
    return () => {
      live = false
    }
  }, [link, size])
  return (
    <div className="flex items-center justify-center rounded-lg bg-white p-2 ring-1 ring-line" style={{ width: size + 16, height: size + 16 }}>
      {image !== null && image.link === link ? (
        <img src={image.url} width={size} height={size} alt="邀请链接二维码" data-testid="invite-qr" />
      ) : (
        <Spinner className="text-gray-400" />
      )}
    </div>
  )
}
